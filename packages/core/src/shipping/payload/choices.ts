/**
 * The generator's choice lists. Where the ship document (`ship--Shipment-Resource`) has an enum at a
 * field, that enum is the list; the product's own extra values that the document lacks stay
 * selectable and are flagged `not in the current API document`. Fields without an enum in the
 * document (serviceType, packagingType, special service types) use the product's list alone.
 */

import { asArray, derefSchema, isObject, type JsonObject } from '../../json/index.js';
import { MASKABLE_DATA } from '../../carrier/label/types.js';

export type ChoiceKey =
  | 'labelResponseOptions'
  | 'pickupType'
  | 'paymentType'
  | 'dutiesPaymentType'
  | 'customerReferenceType'
  | 'shipmentPurpose'
  | 'imageType'
  | 'labelStockType'
  | 'labelFormatType'
  | 'labelOrder'
  | 'labelPrintingOrientation'
  | 'labelRotation'
  | 'docTabContentType'
  | 'justification'
  | 'symbology'
  | 'maskedData'
  | 'additionalLabelType'
  | 'etdRequestedDocumentType'
  | 'etdAttachedDocumentType'
  | 'weightUnits'
  | 'dimensionUnits'
  | 'customerImageId'
  | 'serviceType'
  | 'packagingType'
  | 'specialServiceType';

/** Where each list lives in the ship request's full schema (`[]` steps into array items). */
export const CHOICE_PATHS: Record<ChoiceKey, string> = {
  labelResponseOptions: 'labelResponseOptions',
  pickupType: 'requestedShipment.pickupType',
  paymentType: 'requestedShipment.shippingChargesPayment.paymentType',
  dutiesPaymentType: 'requestedShipment.customsClearanceDetail.dutiesPayment.paymentType',
  customerReferenceType: 'requestedShipment.requestedPackageLineItems[].customerReferences[].customerReferenceType',
  shipmentPurpose: 'requestedShipment.customsClearanceDetail.commercialInvoice.shipmentPurpose',
  imageType: 'requestedShipment.labelSpecification.imageType',
  labelStockType: 'requestedShipment.labelSpecification.labelStockType',
  labelFormatType: 'requestedShipment.labelSpecification.labelFormatType',
  labelOrder: 'requestedShipment.labelSpecification.labelOrder',
  labelPrintingOrientation: 'requestedShipment.labelSpecification.labelPrintingOrientation',
  labelRotation: 'requestedShipment.labelSpecification.labelRotation',
  docTabContentType: 'requestedShipment.labelSpecification.customerSpecifiedDetail.docTabContent.docTabContentType',
  justification:
    'requestedShipment.labelSpecification.customerSpecifiedDetail.docTabContent.zone001.docTabZoneSpecifications[].justification',
  symbology: 'requestedShipment.labelSpecification.customerSpecifiedDetail.docTabContent.barcoded.symbology',
  maskedData: 'requestedShipment.labelSpecification.customerSpecifiedDetail.maskedData[]',
  additionalLabelType: 'requestedShipment.labelSpecification.customerSpecifiedDetail.additionalLabels[].type',
  etdRequestedDocumentType: 'requestedShipment.shipmentSpecialServices.etdDetail.requestedDocumentTypes[]',
  etdAttachedDocumentType: 'requestedShipment.shipmentSpecialServices.etdDetail.attachedDocuments[].documentType',
  weightUnits: 'requestedShipment.requestedPackageLineItems[].weight.units',
  dimensionUnits: 'requestedShipment.requestedPackageLineItems[].dimensions.units',
  customerImageId: 'requestedShipment.shippingDocumentSpecification.commercialInvoiceDetail.customerImageUsages[].id',
  serviceType: 'requestedShipment.serviceType',
  packagingType: 'requestedShipment.packagingType',
  specialServiceType: 'requestedShipment.shipmentSpecialServices.specialServiceTypes[]',
};

/** Per list: the document's enum, or null where the document has none at that field. */
export type DocumentEnums = Record<ChoiceKey, readonly string[] | null>;

/** The reference ship document's customer reference types (the product offers them and one more). */
const DOCUMENT_REFERENCE_TYPES = [
  'CUSTOMER_REFERENCE',
  'DEPARTMENT_NUMBER',
  'INVOICE_NUMBER',
  'P_O_NUMBER',
  'INTRACOUNTRY_REGULATORY_REFERENCE',
  'RMA_ASSOCIATION',
];

/**
 * The enums of the carrier's published ship document (the reference copy), used when no ship
 * document is imported. `shipChoicesFromDocument` reads the same lists from an imported one.
 */
export const FALLBACK_DOCUMENT_ENUMS: DocumentEnums = {
  labelResponseOptions: ['URL_ONLY', 'LABEL'],
  pickupType: ['CONTACT_FEDEX_TO_SCHEDULE', 'DROPOFF_AT_FEDEX_LOCATION', 'USE_SCHEDULED_PICKUP'],
  paymentType: ['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT'],
  dutiesPaymentType: ['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT'],
  customerReferenceType: DOCUMENT_REFERENCE_TYPES,
  shipmentPurpose: ['GIFT', 'NOT_SOLD', 'PERSONAL_EFFECTS', 'REPAIR_AND_RETURN', 'SAMPLE', 'SOLD'],
  imageType: ['ZPLII', 'EPL2', 'PDF', 'PNG'],
  labelStockType: [
    'PAPER_4X6',
    'STOCK_4X675',
    'PAPER_4X675',
    'PAPER_4X8',
    'PAPER_4X9',
    'PAPER_7X475',
    'PAPER_85X11_BOTTOM_HALF_LABEL',
    'PAPER_85X11_TOP_HALF_LABEL',
    'PAPER_LETTER',
    'STOCK_4X675_LEADING_DOC_TAB',
    'STOCK_4X8',
    'STOCK_4X9_LEADING_DOC_TAB',
    'STOCK_4X6',
    'STOCK_4X675_TRAILING_DOC_TAB',
    'STOCK_4X9_TRAILING_DOC_TAB',
    'STOCK_4X9',
    'STOCK_4X85_TRAILING_DOC_TAB',
    'STOCK_4X105_TRAILING_DOC_TAB',
  ],
  labelFormatType: ['COMMON2D', 'LABEL_DATA_ONLY'],
  labelOrder: ['SHIPPING_LABEL_FIRST', 'SHIPPING_LABEL_LAST'],
  labelPrintingOrientation: ['BOTTOM_EDGE_OF_TEXT_FIRST', 'TOP_EDGE_OF_TEXT_FIRST'],
  labelRotation: ['LEFT', 'RIGHT', 'UPSIDE_DOWN', 'NONE'],
  docTabContentType: ['BARCODED', 'CUSTOM', 'MINIMUM', 'STANDARD', 'ZONE001'],
  justification: ['LEFT', 'RIGHT'],
  symbology: [
    'CODABAR',
    'CODE128',
    'CODE128_WIDEBAR',
    'CODE128B',
    'CODE128C',
    'CODE39',
    'CODE93',
    'I2OF5',
    'MANUAL',
    'PDF417',
    'POSTNET',
    'QR_CODE',
    'UCC128',
  ],
  maskedData: MASKABLE_DATA,
  additionalLabelType: [
    'BROKER',
    'CONSIGNEE',
    'CUSTOMS',
    'DESTINATION',
    'DESTINATION_CONTROL_STATEMENT',
    'FREIGHT_REFERENCE',
    'MANIFEST',
    'ORIGIN',
    'RECIPIENT',
    'SECOND_ADDRESS',
    'SHIPPER',
  ],
  etdRequestedDocumentType: [
    'CERTIFICATE_OF_ORIGIN',
    'COMMERCIAL_INVOICE',
    'CUSTOM_PACKAGE_DOCUMENT',
    'CUSTOM_SHIPMENT_DOCUMENT',
    'CUSTOMER_SPECIFIED_LABELS',
    'EXPORT_DECLARATION',
    'GENERAL_AGENCY_AGREEMENT',
    'LABEL',
    'USMCA_CERTIFICATION_OF_ORIGIN',
    'OP_900',
    'PENDING_SHIPMENT_EMAIL_NOTIFICATION',
    'PRO_FORMA_INVOICE',
    'RETURN_INSTRUCTIONS',
    'USMCA_COMMERCIAL_INVOICE_CERTIFICATION_OF_ORIGIN',
  ],
  etdAttachedDocumentType: [
    'CERTIFICATE_OF_ORIGIN',
    'NET_RATE_SHEET',
    'COMMERCIAL_INVOICE',
    'ETD_LABEL',
    'USMCA_CERTIFICATION_OF_ORIGIN',
    'OTHER',
    'PRO_FORMA_INVOICE',
    'USMCA_COMMERCIAL_INVOICE_CERTIFICATION_OF_ORIGIN',
  ],
  weightUnits: ['KG', 'LB'],
  dimensionUnits: ['CM', 'IN'],
  customerImageId: ['IMAGE_1', 'IMAGE_2', 'IMAGE_3', 'IMAGE_4', 'IMAGE_5'],
  serviceType: null,
  packagingType: null,
  specialServiceType: null,
};

/**
 * The product's own values, offered whether or not the document lists them (a value the document
 * lacks is offered with the warning). Lists the document has an enum for start from that enum.
 */
export const PRODUCT_VALUES: Partial<Record<ChoiceKey, readonly string[]>> = {
  pickupType: ['CONTACT_FEDEX_TO_SCHEDULE', 'DROPOFF_AT_FEDEX_LOCATION', 'USE_SCHEDULED_PICKUP', 'ON_CALL'],
  customerReferenceType: [...DOCUMENT_REFERENCE_TYPES, 'SHIPMENT_INTEGRITY'],
  serviceType: [
    'FEDEX_INTERNATIONAL_PRIORITY',
    'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS',
    'INTERNATIONAL_ECONOMY',
    'INTERNATIONAL_FIRST',
    'FEDEX_INTERNATIONAL_CONNECT_PLUS',
    'INTERNATIONAL_PRIORITY_FREIGHT',
    'INTERNATIONAL_ECONOMY_FREIGHT',
    'PRIORITY_OVERNIGHT',
    'STANDARD_OVERNIGHT',
    'FIRST_OVERNIGHT',
    'FEDEX_2_DAY',
    'FEDEX_EXPRESS_SAVER',
    'FEDEX_GROUND',
    'GROUND_HOME_DELIVERY',
  ],
  packagingType: [
    'YOUR_PACKAGING',
    'FEDEX_ENVELOPE',
    'FEDEX_BOX',
    'FEDEX_SMALL_BOX',
    'FEDEX_MEDIUM_BOX',
    'FEDEX_LARGE_BOX',
    'FEDEX_EXTRA_LARGE_BOX',
    'FEDEX_10KG_BOX',
    'FEDEX_25KG_BOX',
    'FEDEX_PAK',
    'FEDEX_TUBE',
  ],
  specialServiceType: ['ELECTRONIC_TRADE_DOCUMENTS', 'BROKER_SELECT_OPTION', 'HOLD_AT_LOCATION'],
};

export const NOT_IN_DOCUMENT = 'not in the current API document';

export interface ChoiceOption {
  value: string;
  /** False when the document has an enum at this field and the value is not in it. */
  inDocument: boolean;
}

/** The options of one list: the document's values first, then the product's extras (flagged). */
export function choiceOptions(key: ChoiceKey, enums: DocumentEnums = FALLBACK_DOCUMENT_ENUMS): ChoiceOption[] {
  const doc = enums[key];
  const values = [...(doc ?? []), ...(PRODUCT_VALUES[key] ?? [])];
  return [...new Set(values)].map((value) => ({ value, inDocument: doc === null || doc.includes(value) }));
}

/** True when the document has an enum at this field and `value` is not in it. */
export function notInDocument(key: ChoiceKey, value: string, enums: DocumentEnums = FALLBACK_DOCUMENT_ENUMS): boolean {
  const doc = enums[key];
  return doc !== null && !doc.includes(value);
}

/**
 * A schema with its `$ref`s followed (local `#/…` pointers into the document), read the OpenAPI 3.0
 * way: a `$ref` node is its target, other keys beside `$ref` ignored. Undefined for a ref that names
 * nothing or loops.
 */
function resolve(doc: JsonObject, node: unknown): JsonObject | undefined {
  if (!isObject(node)) return undefined;
  const r = derefSchema(node, doc, undefined, { siblings: false });
  return r.loop || r.unresolved ? undefined : r.schema;
}

/** The named property of a schema: its own, else the first of its `allOf` parts' (refs followed). */
function propertyOf(doc: JsonObject, node: JsonObject, name: string): JsonObject | undefined {
  for (const part of [node, ...asArray(node.allOf).map((p) => resolve(doc, p))]) {
    if (isObject(part?.properties) && Object.hasOwn(part.properties, name)) return resolve(doc, part.properties[name]);
  }
  return undefined;
}

/** The enum at a CHOICE_PATHS path of a schema, or null when there is none. */
function enumAt(doc: JsonObject, root: JsonObject, path: string): string[] | null {
  let node: JsonObject | undefined = root;
  for (const raw of path.split('.')) {
    const name = raw.replace(/\[\]/g, '');
    node = node && propertyOf(doc, node, name);
    for (let i = 0; node && i < (raw.match(/\[\]/g) ?? []).length; i++) node = resolve(doc, node.items);
    if (!node) return null;
  }
  const e = node.enum;
  return Array.isArray(e) && e.every((v) => typeof v === 'string') ? (e as string[]) : null;
}

/**
 * The lists from a ship document (as stored or dereferenced): the enums at CHOICE_PATHS in its
 * `Full_Schema_Ship` schema. Null when the document has no such schema (not a ship document).
 */
export function shipChoicesFromDocument(document: unknown): DocumentEnums | null {
  if (!isObject(document)) return null;
  const components = isObject(document.components) ? document.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : undefined;
  const root = schemas ? resolve(document, schemas.Full_Schema_Ship) : undefined;
  if (!root) return null;
  const out = {} as Record<ChoiceKey, string[] | null>;
  for (const key of Object.keys(CHOICE_PATHS) as ChoiceKey[]) out[key] = enumAt(document, root, CHOICE_PATHS[key]);
  return out;
}
