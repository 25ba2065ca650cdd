/**
 * The generator's warnings: a code (the screen translates by code), the field it concerns and the
 * English text. The builder collects them as it goes; a warning never stops the build.
 */
import { type ChoiceKey, type DocumentEnums, NOT_IN_DOCUMENT, notInDocument } from './choices.js';
import { type Decimal, ZERO, parseDecimal } from './money.js';

export type PayloadWarningCode =
  | 'notInDocument'
  | 'freightDimensions'
  | 'declaredOverCustoms'
  | 'netOverGross'
  | 'customsVsUnits'
  | 'customsVsInvoice'
  | 'etdNeedsCommercialInvoice'
  | 'eciOffNoInvoice'
  | 'cityTooLong'
  | 'bookingNotNumber'
  | 'zoneNumber'
  | 'dataFieldInvalid'
  | 'notANumber';

/** English texts of the warnings (`{name}` placeholders filled from `values`); the screen translates by code. */
export const PAYLOAD_WARNING_MESSAGES: Record<PayloadWarningCode, string> = {
  notInDocument: `{value}: ${NOT_IN_DOCUMENT}`,
  freightDimensions: 'Freight needs length, width and height on every package',
  declaredOverCustoms: 'Total declared value {declared} is more than the total customs value {customs}',
  netOverGross: 'Total net weight {net} KG is more than the total gross weight {gross} KG',
  customsVsUnits:
    'Commodity {index}: customs value {customs} is not unit price × units ({product}); the customs value is sent as entered',
  customsVsInvoice:
    'Total customs value {customs} is not the invoice total {invoice}; the customs values are sent as entered',
  etdNeedsCommercialInvoice: 'ECI is on: ask for COMMERCIAL_INVOICE in the ETD document types',
  eciOffNoInvoice:
    'ECI is off: commercialInvoice is left out, though the ship document lists it as required in customsClearanceDetail',
  cityTooLong: 'City is longer than 35 characters; cut to 35',
  bookingNotNumber: 'Booking confirmation number must be digits; left out',
  zoneNumber: 'Zone numbers are 1 to 12; zone {zone} left out',
  dataFieldInvalid: 'Data Field {path} is not a request or reply path; the literal value is used',
  notANumber: '{value} is not a number; 0 is used',
};

export interface PayloadWarning {
  code: PayloadWarningCode;
  /** The field (or list) it concerns, e.g. `pickupType`, `shipper.city`, `packages`, `commodities`. */
  field: string;
  values: Record<string, string | number>;
  /** English text. */
  message: string;
}

/** The warnings of one build, with the checks several parts of the request make. */
export class WarningCollector {
  readonly list: PayloadWarning[] = [];
  constructor(readonly enums: DocumentEnums) {}
  add(code: PayloadWarningCode, field: string, values: Record<string, string | number> = {}) {
    const message = PAYLOAD_WARNING_MESSAGES[code].replace(/\{(\w+)\}/g, (m, k: string) =>
      k in values ? String(values[k]) : m,
    );
    this.list.push({ code, field, values, message });
  }
  /** Warns when the document has an enum at this field and the value is not in it. */
  choice(key: ChoiceKey, field: string, value: string) {
    if (notInDocument(key, value, this.enums)) this.add('notInDocument', field, { value });
  }
  /** A decimal input: its value, 0 with a warning when unreadable, null when empty. */
  decimal(field: string, text: string): Decimal | null {
    const p = parseDecimal(text);
    if (p.kind === 'value') return p.value;
    if (p.kind === 'invalid') {
      this.add('notANumber', field, { value: p.text });
      return ZERO;
    }
    return null;
  }
}
