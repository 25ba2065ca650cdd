import {
  MASKABLE_DATA,
  routingFor,
  serviceCodeOf,
  serviceNameOf,
  type CarrierLabelData,
  type DocTab,
  type DocTabZone,
  type LabelParty,
  type LabelPayor,
  type MaskableData,
} from '@lab/core/carrier/label';
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import type { Rotation } from '@lab/core/labels';
import { recipientOf } from './recipient.js';

/**
 * The mapping "ship request + reply data → label data": what each package's label shows, read
 * from the create-shipment (or open-shipment) request as the carrier documents its fields. The
 * drawing itself is `@lab/core/carrier/label`.
 */

type Json = JsonObject;

export type LabelImageType = 'ZPLII' | 'EPL2' | 'PDF' | 'PNG';

/** How a shipment's labels are drawn, from `labelSpecification` and `labelResponseOptions`. */
export interface LabelSpec {
  imageType: LabelImageType;
  /** 4 × 6.75 stocks (`STOCK_4X675…`, `PAPER_4X675`) carry a doc tab, leading unless the stock says TRAILING. */
  docTab: DocTab['position'] | undefined;
  docTabContent: Json;
  masked: MaskableData[];
  /** PDF and PNG: the picture turned (labelRotation LEFT 270°, RIGHT 90°, UPSIDE_DOWN 180°). */
  rotation: Rotation;
  /** ZPLII and EPL2: printed upside down — labelRotation UPSIDE_DOWN, or BOTTOM_EDGE_OF_TEXT_FIRST (not both). */
  inverted: boolean;
  urlOnly: boolean;
  /** Labels before the documents (SHIPPING_LABEL_FIRST, the default) or after them, in a merged PDF. */
  labelsFirst: boolean;
}

const IMAGE_TYPES: readonly string[] = ['ZPLII', 'EPL2', 'PDF', 'PNG'];
const ROTATIONS: Record<string, Rotation> = { LEFT: 270, RIGHT: 90, UPSIDE_DOWN: 180 };

export function labelSpecOf(body: Json, spec: Json): LabelSpec {
  const imageType = str(spec.imageType, 'PDF');
  const stock = str(spec.labelStockType);
  const detail = obj(spec.customerSpecifiedDetail);
  const rotation = str(spec.labelRotation, 'NONE');
  const bottomFirst = str(spec.labelPrintingOrientation) === 'BOTTOM_EDGE_OF_TEXT_FIRST';
  return {
    imageType: (IMAGE_TYPES.includes(imageType) ? imageType : 'PDF') as LabelImageType,
    docTab: /4X675/.test(stock) ? (/TRAILING/.test(stock) ? 'TRAILING' : 'LEADING') : undefined,
    docTabContent: obj(detail.docTabContent),
    masked: arr(detail.maskedData)
      .map((m) => str(m))
      .filter((m): m is MaskableData => (MASKABLE_DATA as readonly string[]).includes(m)),
    rotation: ROTATIONS[rotation] ?? 0,
    inverted: (rotation === 'UPSIDE_DOWN') !== bottomFirst,
    urlOnly: str(body.labelResponseOptions) === 'URL_ONLY',
    labelsFirst: str(spec.labelOrder) !== 'SHIPPING_LABEL_LAST',
  };
}

function party(p: unknown): LabelParty {
  const contact = obj(obj(p).contact);
  const address = obj(obj(p).address);
  return {
    personName: str(contact.personName),
    companyName: str(contact.companyName),
    phoneNumber: str(contact.phoneNumber),
    streetLines: arr(address.streetLines)
      .map((s) => str(s))
      .filter((s) => s !== ''),
    city: str(address.city),
    stateOrProvinceCode: str(address.stateOrProvinceCode),
    postalCode: str(address.postalCode),
    countryCode: str(address.countryCode, 'US').toUpperCase(),
  };
}

const PAYORS: readonly string[] = ['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT', 'ACCOUNT'];
const payorOf = (payment: Json): LabelPayor =>
  (PAYORS.includes(str(payment.paymentType)) ? str(payment.paymentType) : 'SENDER') as LabelPayor;
const payorAccountOf = (payment: Json) => str(obj(obj(obj(payment.payor).responsibleParty).accountNumber).value);
const money = (m: unknown) => {
  const amount = obj(m).amount;
  return amount === undefined ? '' : `${Number(amount).toFixed(2)} ${str(obj(m).currency, 'USD')}`;
};

/** A doc tab data path (`REQUEST/PACKAGE/weight/Value`, `REQUEST/SHIPMENT/Recipient/Contact/PersonName`): keys matched without case. */
export function docTabValue(path: string, roots: { shipment: Json; package: Json; reply: Json }): string {
  const [source, scope, ...rest] = path.split('/');
  let node: unknown =
    source === 'REQUEST' && scope?.toUpperCase() === 'PACKAGE'
      ? roots.package
      : source === 'REQUEST' && scope?.toUpperCase() === 'SHIPMENT'
        ? roots.shipment
        : source === 'REPLY'
          ? roots.reply
          : undefined;
  for (const segment of rest) {
    const m = /^([A-Za-z0-9_]+)(?:\[(\d+)\])?$/.exec(segment);
    if (!m || node === undefined) return '';
    const here = obj(node);
    let key = Object.keys(here).find((k) => k.toLowerCase() === m[1]!.toLowerCase());
    // The recipient of a request is `recipients[0]`.
    if (key === undefined && m[1]!.toLowerCase() === 'recipient' && 'recipients' in here) key = 'recipients';
    node = key === undefined ? undefined : here[key];
    if (Array.isArray(node)) node = node[m[2] === undefined ? 0 : Number(m[2])];
  }
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}

/** The doc tab of a 4 × 6.75 label: STANDARD and MINIMUM are fixed zone sets; ZONE001/CUSTOM the request's zones; BARCODED adds a barcode. */
function docTabOf(spec: LabelSpec, d: CarrierLabelData, roots: { shipment: Json; package: Json; reply: Json }): DocTab {
  const content = spec.docTabContent;
  const type = str(content.docTabContentType, 'STANDARD');
  const zone = (header: string, value: string): DocTabZone => ({ header, value, justification: 'LEFT' });
  const standard = [
    zone('ORIGIN', d.origin.locationId),
    zone('SHP DT', d.shipDate),
    zone('ACT WGT', `${d.weight.value} ${d.weight.units}`),
    zone('SVC', d.serviceCode),
    zone('TRK#', d.trackingNumber),
    zone('REF', d.references[0] ?? ''),
  ];
  const fromSpec = (z: unknown): DocTabZone => ({
    header: str(obj(z).header),
    value: str(obj(z).literalValue) || docTabValue(str(obj(z).dataField), roots),
    justification: str(obj(z).justification) === 'RIGHT' ? 'RIGHT' : 'LEFT',
  });
  if (type === 'MINIMUM') return { position: spec.docTab!, zones: [standard[1]!, standard[2]!, standard[4]!] };
  if (type === 'ZONE001' || type === 'CUSTOM') {
    const zones = arr(obj(content.zone001).docTabZoneSpecifications)
      .map(obj)
      .sort((a, b) => Number(a.zoneNumber ?? 0) - Number(b.zoneNumber ?? 0));
    return { position: spec.docTab!, zones: zones.map(fromSpec) };
  }
  if (type === 'BARCODED') {
    const barcoded = obj(content.barcoded);
    const value = fromSpec(barcoded.specification);
    return { position: spec.docTab!, zones: standard, barcode: value.value || d.trackingNumber };
  }
  return { position: spec.docTab!, zones: standard };
}

export interface ShipLabelInput {
  /** The whole request body (account number, label response options). */
  body: Json;
  /** `requestedShipment` (of the request, or the open shipment's). */
  requestedShipment: Json;
  /** The package line items, one per tracking number. */
  lines: Json[];
  trackingNumbers: string[];
  /** `YYYY-MM-DD`. */
  shipDate: string;
  spec: LabelSpec;
}

/** Each package's label data, from the request and the numbers the reply gives. */
export function shipLabelData(input: ShipLabelInput): CarrierLabelData[] {
  const rs = input.requestedShipment;
  const shipper = party(rs.shipper);
  const recipient = party(recipientOf(rs));
  const serviceType = str(rs.serviceType, 'PRIORITY_OVERNIGHT');
  const payment = obj(rs.shippingChargesPayment);
  const customs = obj(rs.customsClearanceDetail);
  const duties = obj(customs.dutiesPayment);
  const international = shipper.countryCode !== recipient.countryCode;
  const master = input.trackingNumbers[0]!;
  return input.trackingNumbers.map((trackingNumber, i) => {
    const line = obj(input.lines[i]);
    const weight = obj(line.weight);
    const dims = obj(line.dimensions);
    const d: CarrierLabelData = {
      trackingNumber,
      masterTrackingNumber: master,
      sequence: i + 1,
      count: input.trackingNumbers.length,
      serviceType,
      serviceName: serviceNameOf(serviceType),
      serviceCode: serviceCodeOf(serviceType),
      shipDate: input.shipDate,
      weight: { value: str(weight.value, '1'), units: str(weight.units, 'LB') },
      dimensions:
        dims.length !== undefined
          ? {
              length: Number(dims.length),
              width: Number(dims.width),
              height: Number(dims.height),
              units: str(dims.units, 'IN'),
            }
          : undefined,
      shipper,
      recipient,
      references: arr(line.customerReferences)
        .map((r) => str(obj(r).value))
        .filter((r) => r !== ''),
      shipperAccount: str(obj(input.body.accountNumber).value),
      payor: payorOf(payment),
      payorAccount: payorOf(payment) === 'SENDER' ? '' : payorAccountOf(payment),
      dutiesPayor: international && duties.paymentType !== undefined ? payorOf(duties) : '',
      dutiesPayorAccount: payorAccountOf(duties),
      customsValue: international ? money(customs.totalCustomsValue) : '',
      insuredValue: money(line.declaredValue),
      origin: routingFor(shipper),
      destination: routingFor(recipient),
      masked: input.spec.masked,
      size: { widthIn: 4, heightIn: input.spec.docTab ? 6.75 : 6 },
      docTab: undefined,
      inverted: input.spec.inverted,
    };
    if (input.spec.docTab) {
      d.docTab = docTabOf(input.spec, d, {
        shipment: rs,
        package: line,
        reply: { trackingNumber, masterTrackingNumber: master },
      });
    }
    return d;
  });
}
