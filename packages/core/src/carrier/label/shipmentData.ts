import type { CarrierLabelData } from './types.js';

/** UTF-8 bytes of a text (core has no TextEncoder: no DOM, no Node APIs). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * The PDF417 symbol's content: our own field order, in the ANSI MH10.8.3 envelope the carrier's
 * labels use (`[)>` RS `01` GS field GS field … RS EOT). The fields, in this order:
 *
 *  1 tracking number        5 weight (`12.5 LB`)        9 destination country     13 recipient city
 *  2 service code (1274)    6 origin postal code       10 destination location id 14 recipient state
 *  3 ship date (YYYYMMDD)   7 origin country           11 recipient name          15 shipper account
 *  4 package (`1/2`)        8 destination postal code  12 recipient street line 1 16 references (`/`)
 *
 * Each field drops control characters and is cut to 24 UTF-8 bytes (whole characters), so the
 * symbol never outgrows its place; the shipper account is empty
 * when SHIPPER_ACCOUNT_NUMBER is masked. The symbol is left out when SECONDARY_BARCODE is masked.
 */
export const SHIPMENT_DATA_FIELDS = [
  'trackingNumber',
  'serviceCode',
  'shipDate',
  'package',
  'weight',
  'originPostalCode',
  'originCountry',
  'destinationPostalCode',
  'destinationCountry',
  'destinationLocationId',
  'recipientName',
  'recipientStreet',
  'recipientCity',
  'recipientState',
  'shipperAccount',
  'references',
] as const;
export type ShipmentDataField = (typeof SHIPMENT_DATA_FIELDS)[number];

export const SHIPMENT_DATA_FIELD_LENGTH = 24;
const RS = '\x1e';
const GS = '\x1d';
const EOT = '\x04';
const HEADER = `[)>${RS}01${GS}`;
const TRAILER = `${RS}${EOT}`;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\x00-\x1f\x7f]/g;
/** Control characters dropped, then whole characters while the field stays within 24 UTF-8 bytes. */
function field(text: string): string {
  let out = '';
  let bytes = 0;
  for (const ch of text.replace(CONTROL, '')) {
    bytes += utf8Length(ch);
    if (bytes > SHIPMENT_DATA_FIELD_LENGTH) break;
    out += ch;
  }
  return out;
}

/** The shipment data fields of a label, in the documented order. */
export function shipmentDataFields(d: CarrierLabelData): Record<ShipmentDataField, string> {
  const to = d.recipient;
  return {
    trackingNumber: d.trackingNumber,
    serviceCode: d.serviceCode,
    shipDate: d.shipDate.replace(/-/g, ''),
    package: `${d.sequence}/${d.count}`,
    weight: `${d.weight.value} ${d.weight.units}`,
    originPostalCode: d.shipper.postalCode,
    originCountry: d.shipper.countryCode,
    destinationPostalCode: to.postalCode,
    destinationCountry: to.countryCode,
    destinationLocationId: d.destination.locationId,
    recipientName: to.personName || to.companyName,
    recipientStreet: to.streetLines[0] ?? '',
    recipientCity: to.city,
    recipientState: to.stateOrProvinceCode,
    shipperAccount: d.masked.includes('SHIPPER_ACCOUNT_NUMBER') ? '' : d.shipperAccount,
    references: d.references.join('/'),
  };
}

/** The symbol's text (see the field order above). */
export function encodeShipmentData(d: CarrierLabelData): string {
  const fields = shipmentDataFields(d);
  return `${HEADER}${SHIPMENT_DATA_FIELDS.map((k) => field(fields[k])).join(GS)}${TRAILER}`;
}

/** Reads a symbol's text back into its fields; undefined when it is not one of ours. */
export function decodeShipmentData(text: string): Record<ShipmentDataField, string> | undefined {
  if (!text.startsWith(HEADER) || !text.endsWith(TRAILER)) return undefined;
  const values = text.slice(HEADER.length, -TRAILER.length).split(GS);
  if (values.length !== SHIPMENT_DATA_FIELDS.length) return undefined;
  return Object.fromEntries(SHIPMENT_DATA_FIELDS.map((k, i) => [k, values[i]!])) as Record<ShipmentDataField, string>;
}

/** A field as the symbol holds it (cut, control characters dropped): what a decoder gives back. */
export const shipmentDataValue = field;
