/**
 * The generator's state: what the screen's fields hold. Amounts and weights are decimal strings
 * (as typed, read exactly with a decimal library); dimensions and counts are numbers or null.
 */

export interface PartyInput {
  personName: string;
  phoneNumber: string;
  companyName: string;
  streetLines: [string, string, string];
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

export interface BrokerInput extends PartyInput {
  accountNumber: string;
}

export interface ReferenceInput {
  type: string;
  value: string;
}

export interface AttachedDocumentInput {
  documentType: string;
  documentId: string;
}

export interface PackageInput {
  /** Decimal string in the shipment's weight units. */
  weight: string;
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface CommodityInput {
  description: string;
  harmonizedCode: string;
  countryOfManufacture: string;
  quantity: number | null;
  quantityUnits: string;
  /** Decimal strings in the shipment's currency. */
  unitPrice: string;
  customsValue: string;
  /** Decimal string, KG (the document's only commodity weight unit). */
  weight: string;
}

export interface DocTabZoneInput {
  zoneNumber: number | null;
  header: string;
  dataField: string;
  literalValue: string;
  justification: string;
}

export interface ShipPayloadState {
  // General
  shipDate: string;
  accountNumber: string;
  labelResponseOptions: string;
  totalDeclaredValueEnabled: boolean;
  totalDeclaredValue: string;
  currency: string;
  weightUnits: string;
  dimensionUnits: string;
  // Label
  imageType: string;
  labelStockType: string;
  labelFormatType: string;
  labelOrder: string;
  labelPrintingOrientation: string;
  labelRotation: string;
  maskedData: string[];
  additionalLabelEnabled: boolean;
  additionalLabelType: string;
  additionalLabelCount: number | null;
  docTabEnabled: boolean;
  docTabContentType: string;
  barcodedSymbology: string;
  barcodedZone: DocTabZoneInput;
  zones: DocTabZoneInput[];
  // Payment
  shippingPaymentType: string;
  shippingAccount: string;
  dutiesPaymentType: string;
  dutiesAccount: string;
  // Address
  shipper: PartyInput;
  recipient: PartyInput;
  // Service
  serviceType: string;
  pickupType: string;
  packagingType: string;
  specialServices: string[];
  bookingConfirmationNumber: string;
  shippersLoadAndCount: number | null;
  packingListEnclosed: boolean;
  etdRequestedDocumentTypes: string[];
  etdAttachedDocuments: AttachedDocumentInput[];
  etdPostShipmentUpload: boolean;
  broker: BrokerInput;
  holdAtLocationId: string;
  // Commodity
  eci: boolean;
  eciImages: boolean;
  letterheadImageId: string;
  signatureImageId: string;
  isDocumentOnly: boolean;
  comments: [string, string];
  declarationStatement: string;
  specialInstructions: string;
  termsOfSale: string;
  shipmentPurpose: string;
  freightCharge: string;
  packingCosts: string;
  handlingCosts: string;
  taxesOrMiscellaneousCharge: string;
  insuranceCharge: string;
  commodities: CommodityInput[];
  // Package
  packages: PackageInput[];
  references: ReferenceInput[];
}

export const ETD = 'ELECTRONIC_TRADE_DOCUMENTS';
export const BSO = 'BROKER_SELECT_OPTION';
export const HAL = 'HOLD_AT_LOCATION';
export const FREIGHT_SERVICE = 'INTERNATIONAL_PRIORITY_FREIGHT';
export const THERMAL_IMAGE_TYPES: readonly string[] = ['ZPLII', 'EPL2'];
/** Up to this many packages the request is SYNCHRONOUS_ONLY; above, ALLOW_ASYNCHRONOUS. */
export const SYNCHRONOUS_PACKAGE_LIMIT = 40;

/** `yyyy-MM-dd` of a date, in the clock's local time. */
export function formatShipDate(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export const emptyParty = (countryCode = ''): PartyInput => ({
  personName: '',
  phoneNumber: '',
  companyName: '',
  streetLines: ['', '', ''],
  city: '',
  stateOrProvinceCode: '',
  postalCode: '',
  countryCode,
});

export const SAMPLE_SHIPPER: PartyInput = {
  personName: 'Li Lei',
  phoneNumber: '8675512345678',
  companyName: 'Shipping Lab Shenzhen',
  streetLines: ['1 Keji Road', 'Nanshan District', ''],
  city: 'Shenzhen',
  stateOrProvinceCode: 'GD',
  postalCode: '518057',
  countryCode: 'CN',
};

export const SAMPLE_RECIPIENT: PartyInput = {
  personName: 'Jordan Lee',
  phoneNumber: '9015551234',
  companyName: 'Lee Imports',
  streetLines: ['3610 Hacks Cross Rd', '', ''],
  city: 'Memphis',
  stateOrProvinceCode: 'TN',
  postalCode: '38125',
  countryCode: 'US',
};

export const emptyZone = (zoneNumber: number | null = 1): DocTabZoneInput => ({
  zoneNumber,
  header: '',
  dataField: '',
  literalValue: '',
  justification: 'LEFT',
});

export const emptyPackage = (): PackageInput => ({ weight: '', length: null, width: null, height: null });

export const emptyCommodity = (): CommodityInput => ({
  description: '',
  harmonizedCode: '',
  countryOfManufacture: '',
  quantity: null,
  quantityUnits: 'PCS',
  unitPrice: '',
  customsValue: '',
  weight: '',
});

/** The state a new generator starts with (the clock gives today's ship date). */
export function defaultShipPayloadState(now: Date, accountNumber = ''): ShipPayloadState {
  return {
    shipDate: formatShipDate(now),
    accountNumber,
    labelResponseOptions: 'LABEL',
    totalDeclaredValueEnabled: false,
    totalDeclaredValue: '',
    currency: 'USD',
    weightUnits: 'KG',
    dimensionUnits: 'CM',
    imageType: 'PDF',
    labelStockType: 'PAPER_4X6',
    labelFormatType: 'COMMON2D',
    labelOrder: 'SHIPPING_LABEL_FIRST',
    labelPrintingOrientation: 'TOP_EDGE_OF_TEXT_FIRST',
    labelRotation: 'NONE',
    maskedData: [],
    additionalLabelEnabled: false,
    additionalLabelType: 'CONSIGNEE',
    additionalLabelCount: 1,
    docTabEnabled: false,
    docTabContentType: 'STANDARD',
    barcodedSymbology: 'CODE128',
    barcodedZone: emptyZone(1),
    zones: [emptyZone(1)],
    shippingPaymentType: 'SENDER',
    shippingAccount: '',
    dutiesPaymentType: 'SENDER',
    dutiesAccount: '',
    shipper: { ...SAMPLE_SHIPPER, streetLines: [...SAMPLE_SHIPPER.streetLines] },
    recipient: { ...SAMPLE_RECIPIENT, streetLines: [...SAMPLE_RECIPIENT.streetLines] },
    serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
    pickupType: 'USE_SCHEDULED_PICKUP',
    packagingType: 'YOUR_PACKAGING',
    specialServices: [],
    bookingConfirmationNumber: '',
    shippersLoadAndCount: null,
    packingListEnclosed: false,
    etdRequestedDocumentTypes: ['COMMERCIAL_INVOICE'],
    etdAttachedDocuments: [],
    etdPostShipmentUpload: false,
    broker: { ...emptyParty('US'), accountNumber: '' },
    holdAtLocationId: '',
    eci: true,
    eciImages: false,
    letterheadImageId: 'IMAGE_1',
    signatureImageId: 'IMAGE_2',
    isDocumentOnly: false,
    comments: ['', ''],
    declarationStatement: '',
    specialInstructions: '',
    termsOfSale: 'FOB',
    shipmentPurpose: 'SOLD',
    freightCharge: '',
    packingCosts: '',
    handlingCosts: '',
    taxesOrMiscellaneousCharge: '',
    insuranceCharge: '',
    commodities: [
      {
        description: 'Cotton T-shirts',
        harmonizedCode: '610910',
        countryOfManufacture: 'CN',
        quantity: 10,
        quantityUnits: 'PCS',
        unitPrice: '5.5',
        customsValue: '55',
        weight: '1.5',
      },
    ],
    packages: [{ weight: '2', length: 30, width: 20, height: 10 }],
    references: [],
  };
}

const isThermal = (s: Pick<ShipPayloadState, 'imageType'>) => THERMAL_IMAGE_TYPES.includes(s.imageType);
const isDocTabStock = (s: Pick<ShipPayloadState, 'labelStockType'>) => s.labelStockType.includes('DOC_TAB');

/** Which tabs and inputs are enabled: the screen disables the rest. */
export interface ShipPayloadAvailability {
  /** Service sub-tabs. */
  etd: boolean;
  bso: boolean;
  hal: boolean;
  /** Freight inputs (booking number, shipper's load and count, packing list enclosed). */
  freight: boolean;
  /** The shipping charges payor's account. */
  shippingAccount: boolean;
  /** The duties payor's account. */
  dutiesAccount: boolean;
  /** Commodity › ECI sub-tab and the ECI image checkbox. */
  eci: boolean;
  eciImages: boolean;
  /** Label order, printing orientation and rotation (thermal image types). */
  thermal: boolean;
  /** The Doc Tab checkbox (thermal on a DOC_TAB stock) and its sub-tab (once ticked). */
  docTabOption: boolean;
  docTab: boolean;
  additionalLabel: boolean;
}

export function availability(s: ShipPayloadState): ShipPayloadAvailability {
  const thermal = isThermal(s);
  const docTabOption = thermal && isDocTabStock(s);
  return {
    etd: s.specialServices.includes(ETD),
    bso: s.specialServices.includes(BSO),
    hal: s.specialServices.includes(HAL),
    freight: s.serviceType === FREIGHT_SERVICE,
    shippingAccount: s.shippingPaymentType !== 'SENDER',
    dutiesAccount: s.dutiesPaymentType !== 'SENDER',
    eci: s.eci,
    eciImages: s.eci && s.eciImages,
    thermal,
    docTabOption,
    docTab: docTabOption && s.docTabEnabled,
    additionalLabel: s.additionalLabelEnabled,
  };
}

/** Why a package cannot be added (null: it can): weight > 0, dimensions all empty or all > 0. */
export function packageProblem(p: PackageInput): 'weight' | 'dimensions' | null {
  const w = Number(p.weight);
  if (!(p.weight.trim() !== '' && Number.isFinite(w) && w > 0)) return 'weight';
  const dims = [p.length, p.width, p.height];
  const empty = dims.every((d) => d === null);
  const positive = dims.every((d) => d !== null && Number.isFinite(d) && d > 0);
  return empty || positive ? null : 'dimensions';
}

/** A reference needs both its type and its text. */
export const canAddReference = (r: ReferenceInput) => r.type.trim() !== '' && r.value.trim() !== '';
/** An attached ETD document needs both its type and its id. */
export const canAddAttachedDocument = (d: AttachedDocumentInput) =>
  d.documentType.trim() !== '' && d.documentId.trim() !== '';
