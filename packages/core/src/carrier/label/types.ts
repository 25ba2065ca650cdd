import type { LabelSize } from '../../labels/sizes.js';

/** One side of the label: the sender (FROM) or the recipient (TO). */
export interface LabelParty {
  personName: string;
  companyName: string;
  phoneNumber: string;
  streetLines: string[];
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** Where a package starts or ends in the carrier's network (see routing.ts: a documented model). */
export interface LabelRouting {
  /** Service area, e.g. `A2`. */
  serviceArea: string;
  /** Three-letter airport-style code of the city, e.g. `MEM`. */
  airportCode: string;
  /** Station id: airport code + one letter, e.g. `MEMA` (the label's `ORIGIN ID` / URSA suffix). */
  locationId: string;
}

/** What `customerSpecifiedDetail.maskedData` may hide (the ship document's enum). */
export const MASKABLE_DATA = [
  'CUSTOMS_VALUE',
  'SHIPPER_ACCOUNT_NUMBER',
  'DIMENSIONS',
  'DUTIES_AND_TAXES_PAYOR_ACCOUNT_NUMBER',
  'INSURED_VALUE',
  'SECONDARY_BARCODE',
  'SHIPPER_INFORMATION',
  'TERMS_AND_CONDITIONS',
  'TOTAL_WEIGHT',
  'TRANSPORTATION_CHARGES_PAYOR_ACCOUNT_NUMBER',
] as const;
export type MaskableData = (typeof MASKABLE_DATA)[number];

/** A doc tab zone: a header (≤ 7 characters on the carrier's labels) over its value. */
export interface DocTabZone {
  header: string;
  value: string;
  justification: 'LEFT' | 'RIGHT';
}

export interface DocTab {
  /** Where the 0.75 in tab sits on a 4 × 6.75 stock: leading (printed first, top) or trailing. */
  position: 'LEADING' | 'TRAILING';
  /** Up to 12 zones, 6 per row. */
  zones: DocTabZone[];
  /** BARCODED doc tabs: a Code 128 of this value across the tab instead of the second row. */
  barcode?: string;
}

/** Who pays, as the label prints it (`BILL SENDER`, `BILL RECIPIENT`, `BILL THIRD PARTY`). */
export type LabelPayor = 'SENDER' | 'RECIPIENT' | 'THIRD_PARTY' | 'COLLECT' | 'ACCOUNT';

/**
 * Everything one package's label shows. Text is printed as given (case kept); fields longer than
 * the layout's room are cut (limits in layout.ts, `LABEL_TEXT_LIMITS`).
 */
export interface CarrierLabelData {
  /** 12 digits with the 1-3-7 mod-11 check digit (`@lab/core/shipping` tracking.ts). */
  trackingNumber: string;
  masterTrackingNumber: string;
  /** 1-based package number and the shipment's package count ("n of N"). */
  sequence: number;
  count: number;
  /** `PRIORITY_OVERNIGHT` … */
  serviceType: string;
  /** `FedEx Priority Overnight®` … */
  serviceName: string;
  /** Two-digit service code of the carrier's tagged transactions (field 1274), e.g. `01`. */
  serviceCode: string;
  /** `YYYY-MM-DD`. */
  shipDate: string;
  /** Decimal text and units (`LB` or `KG`). */
  weight: { value: string; units: string };
  dimensions?: { length: number; width: number; height: number; units: string } | undefined;
  shipper: LabelParty;
  recipient: LabelParty;
  /** Customer references of the package (`customerReferences[].value`). */
  references: string[];
  shipperAccount: string;
  payor: LabelPayor;
  /** Transportation charges payor account (when not the sender's). */
  payorAccount: string;
  dutiesPayor: LabelPayor | '';
  dutiesPayorAccount: string;
  /** `100.00 USD`, international shipments; '' when none. */
  customsValue: string;
  /** Declared (insured) value text; '' when none. */
  insuredValue: string;
  origin: LabelRouting;
  destination: LabelRouting;
  masked: readonly MaskableData[];
  /** 4 × 6, or 4 × 6.75 with a doc tab. */
  size: LabelSize;
  docTab?: DocTab | undefined;
  /** `^POI` / EPL2 `ZB`: the label comes out of the printer upside down (rotation and orientation). */
  inverted: boolean;
}
