/**
 * How the demos read a carrier answer (pure, tested): which demo a response gets, the locations,
 * the postal summary and the labels of a created shipment.
 */

import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export type DemoKind = 'locations' | 'postal' | 'shipment' | 'failed' | 'soon';

const DEMOS: Record<string, DemoKind> = {
  locations: 'locations',
  'postal-validate': 'postal',
  'ship-create': 'shipment',
};

/** A body with an `errors` member → failed; else the endpoint's demo, or "coming soon". */
export function demoKind(endpointId: string, body: unknown): DemoKind {
  if (typeof body === 'object' && body !== null && 'errors' in body) return 'failed';
  return DEMOS[endpointId] ?? 'soon';
}

// ── locations ────────────────────────────────────────────────────────────────────────────────────

/** Location types the carrier runs itself (what `DTR-HAL only` keeps). */
export const CARRIER_OPERATED_TYPES: readonly string[] = [
  'FEDEX_ONSITE',
  'FEDEX_EXPRESS_STATION',
  'FEDEX_OFFICE',
  'FEDEX_AUTHORIZED_SHIP_CENTER',
];

export function isCarrierOperated(locationType: string): boolean {
  return CARRIER_OPERATED_TYPES.includes(locationType);
}

export interface LocationEntry {
  /** Position in the answer (stable key). */
  index: number;
  locationId: string;
  locationType: string;
  carrierOperated: boolean;
  name: string;
  address: string;
  distance?: { value: number; units: string };
  lat?: number;
  lon?: number;
}

export interface LocationsModel {
  matchedAddress: string;
  matchedLat?: number;
  matchedLon?: number;
  entries: LocationEntry[];
}

function addressLine(a: Json): string {
  const street = arr(a.streetLines)
    .map((s) => str(s))
    .filter(Boolean)
    .join(', ');
  const cityLine = [str(a.city), str(a.stateOrProvinceCode), str(a.postalCode)].filter(Boolean).join(' ');
  return [street, cityLine, str(a.countryCode)].filter(Boolean).join(', ');
}

export function readLocations(body: unknown): LocationsModel {
  const output = obj(obj(body).output);
  const geo = obj(output.matchedAddressGeoCoord);
  const entries = arr(output.locationDetailList).map((raw, index): LocationEntry => {
    const d = obj(raw);
    const coords = obj(d.geoPositionalCoordinates);
    const contact = obj(obj(d.contactAndAddress).contact);
    const distance = obj(d.distance);
    const value = num(distance.value);
    const locationType = str(d.locationType);
    return {
      index,
      locationId: str(d.locationId),
      locationType,
      carrierOperated: isCarrierOperated(locationType),
      name: str(contact.companyName) || str(contact.personName) || str(d.locationId),
      address: addressLine(obj(obj(d.contactAndAddress).address)),
      distance: value === undefined ? undefined : { value, units: str(distance.units) },
      lat: num(coords.latitude),
      lon: num(coords.longitude),
    };
  });
  return {
    matchedAddress: addressLine(obj(output.matchedAddress)),
    matchedLat: num(geo.latitude),
    matchedLon: num(geo.longitude),
    entries,
  };
}

/** A link to a world map at a point (opened in a new tab, outside the site). */
export function externalMapUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

// ── postal validation ────────────────────────────────────────────────────────────────────────────

export interface PostalSummary {
  countryCode: string;
  cleanedPostalCode: string;
  stateOrProvinceCode: string;
  descriptions: { locationId: string; locationNumber: string; serviceArea: string; airportId: string }[];
}

export function readPostal(body: unknown): PostalSummary {
  const o = obj(obj(body).output);
  return {
    countryCode: str(o.countryCode),
    cleanedPostalCode: str(o.cleanedPostalCode),
    stateOrProvinceCode: str(o.stateOrProvinceCode),
    descriptions: arr(o.locationDescriptions).map((raw) => {
      const d = obj(raw);
      return {
        locationId: str(d.locationId),
        locationNumber: str(d.locationNumber),
        serviceArea: str(d.serviceArea),
        airportId: str(d.airportId),
      };
    }),
  };
}

// ── create shipment ──────────────────────────────────────────────────────────────────────────────

export type LabelDocType = 'PNG' | 'PDF' | 'ZPLII' | 'EPL2' | string;

export interface ShipDocument {
  /** `label` per package, `document` for shipment documents (commercial invoice…). */
  kind: 'label' | 'document';
  packageSequenceNumber?: number;
  trackingNumber: string;
  /** LABEL, COMMERCIAL_INVOICE, … */
  contentType: string;
  docType: LabelDocType;
  /** base64 when the label came in the answer (LABEL). */
  encoded?: string;
  /** URL when it did not (URL_ONLY). */
  url?: string;
  fileName: string;
}

export interface ShipmentModel {
  masterTrackingNumber: string;
  serviceName: string;
  labels: ShipDocument[];
  documents: ShipDocument[];
}

const EXTENSIONS: Record<string, string> = { PNG: 'png', PDF: 'pdf', ZPLII: 'zpl', EPL2: 'epl' };

/** The file extension of a label or document type (`ZPLII` → `zpl`). */
export function extensionOf(docType: string): string {
  return EXTENSIONS[docType.toUpperCase()] ?? (docType.toLowerCase() || 'bin');
}

function shipDocument(raw: unknown, kind: ShipDocument['kind'], tracking: string, seq?: number): ShipDocument {
  const d = obj(raw);
  const contentType = str(d.contentType) || (kind === 'label' ? 'LABEL' : 'DOCUMENT');
  const docType = str(d.docType).toUpperCase() || 'PDF';
  const parts = obj(arr(d.parts)[0]);
  const encoded = str(d.encodedLabel) || str(parts.image) || undefined;
  const trackingNumber = str(d.trackingNumber) || tracking;
  const stem =
    kind === 'label' ? `label_${seq ?? 1}_${trackingNumber}` : `${contentType.toLowerCase()}_${trackingNumber}`;
  return {
    kind,
    packageSequenceNumber: seq,
    trackingNumber,
    contentType,
    docType,
    encoded,
    url: str(d.url) || undefined,
    fileName: `${stem}.${extensionOf(docType)}`,
  };
}

export function readShipment(body: unknown): ShipmentModel {
  const ts = obj(arr(obj(obj(body).output).transactionShipments)[0]);
  const master = str(ts.masterTrackingNumber);
  const labels: ShipDocument[] = [];
  for (const [i, raw] of arr(ts.pieceResponses).entries()) {
    const piece = obj(raw);
    const seq = num(piece.packageSequenceNumber) ?? i + 1;
    const tracking = str(piece.trackingNumber) || master;
    for (const doc of arr(piece.packageDocuments)) labels.push(shipDocument(doc, 'label', tracking, seq));
  }
  const documents = arr(ts.shipmentDocuments).map((d) => shipDocument(d, 'document', master));
  return { masterTrackingNumber: master, serviceName: str(ts.serviceName), labels, documents };
}

/** `labelResponseOptions` of the request that was sent (LABEL unless it says URL_ONLY). */
export function labelResponseOption(request: unknown): 'URL_ONLY' | 'LABEL' {
  return str(obj(request).labelResponseOptions) === 'URL_ONLY' ? 'URL_ONLY' : 'LABEL';
}

const MIME: Record<string, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  zpl: 'application/octet-stream',
  epl: 'application/octet-stream',
};

/** The bytes of an encoded document. */
export function decodeBase64(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function documentBlob(doc: ShipDocument): Blob | undefined {
  if (!doc.encoded) return undefined;
  return new Blob([decodeBase64(doc.encoded)], { type: MIME[extensionOf(doc.docType)] ?? 'application/octet-stream' });
}

/** `shipment_<master>.zip` */
export function zipName(model: ShipmentModel): string {
  return `shipment_${model.masterTrackingNumber || 'labels'}.zip`;
}

/** Every label and document of the answer in one zip (fflate, loaded on click). */
export async function shipmentZip(model: ShipmentModel): Promise<{ blob: Blob; count: number }> {
  const { zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const doc of [...model.labels, ...model.documents]) {
    if (doc.encoded) files[doc.fileName] = decodeBase64(doc.encoded);
  }
  const bytes = zipSync(files, { level: 6 });
  return {
    blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    count: Object.keys(files).length,
  };
}
