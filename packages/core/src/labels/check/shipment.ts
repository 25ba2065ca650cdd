/**
 * The label against its shipment: the decoded symbols must carry the reply's tracking number (with
 * a valid express check digit), and — where a symbol encodes them — its postal code and service.
 */
import { EXPRESS_TRACKING_LENGTH, isValidExpressTracking } from '../../shipping/tracking.js';

/** What the shipment's reply says a label must carry. */
export interface ShipmentExpectation {
  trackingNumber: string;
  postalCode?: string;
  service?: string;
}

export type ShipmentItem = 'trackingNumber' | 'checkDigit' | 'postalCode' | 'service';

/** One ✓/✗ line: `ok` null when no symbol encodes the item (postal code, service: not required). */
export interface ShipmentCheck {
  item: ShipmentItem;
  expected: string;
  /** The decoded text that carries it, when one does. */
  found: string | null;
  ok: boolean | null;
  message: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The first `postalCode` under a recipient or destination part of the reply. */
function destinationPostalCode(value: unknown, inDestination = false, depth = 0): string {
  if (depth > 12) return '';
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = destinationPostalCode(v, inDestination, depth + 1);
      if (found) return found;
    }
    return '';
  }
  const o = obj(value);
  if (inDestination && str(o.postalCode)) return str(o.postalCode);
  for (const [key, v] of Object.entries(o)) {
    const found = destinationPostalCode(v, inDestination || /recipient|destination/i.test(key), depth + 1);
    if (found) return found;
  }
  return '';
}

/** `operationalDetail.postalCode` (the destination's, as the carrier routes it), wherever the reply holds it. */
function operationalPostalCode(value: unknown, depth = 0): string {
  if (depth > 12) return '';
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = operationalPostalCode(v, depth + 1);
      if (found) return found;
    }
    return '';
  }
  const o = obj(value);
  const here = str(obj(o.operationalDetail).postalCode);
  if (here) return here;
  for (const v of Object.values(o)) {
    const found = operationalPostalCode(v, depth + 1);
    if (found) return found;
  }
  return '';
}

/**
 * What a create-shipment reply (`output.transactionShipments[0]`) says a label carries: the piece's
 * tracking number (`trackingNumber` when given, else the master), the service type and the
 * recipient's postal code when the reply holds them (a recipient or destination part, else the
 * `operationalDetail.postalCode` a reply without the recipient's address carries). Undefined when the reply names no tracking number.
 */
export function shipmentExpectation(reply: unknown, trackingNumber?: string): ShipmentExpectation | undefined {
  const ts = obj(arr(obj(obj(reply).output).transactionShipments)[0]);
  const tracking = trackingNumber || str(ts.masterTrackingNumber) || str(obj(arr(ts.pieceResponses)[0]).trackingNumber);
  if (!tracking) return undefined;
  const service = str(ts.serviceType);
  const postalCode = destinationPostalCode(ts) || operationalPostalCode(ts);
  return {
    trackingNumber: tracking,
    ...(postalCode ? { postalCode } : {}),
    ...(service ? { service } : {}),
  };
}

const compact = (s: string) => s.replace(/[\s_-]/g, '').toUpperCase();

/** Compares the decoded texts of a label with its shipment. */
export function checkShipment(decodedTexts: readonly string[], expect: ShipmentExpectation): ShipmentCheck[] {
  const texts = decodedTexts.map((t) => ({ raw: t, compact: compact(t) }));
  const carrying = (value: string) => texts.find((t) => t.compact.includes(compact(value)))?.raw ?? null;
  const out: ShipmentCheck[] = [];

  const tracking = carrying(expect.trackingNumber);
  out.push({
    item: 'trackingNumber',
    expected: expect.trackingNumber,
    found: tracking,
    ok: tracking !== null,
    message: tracking
      ? `a symbol carries the tracking number ${expect.trackingNumber}`
      : `no symbol carries the tracking number ${expect.trackingNumber}`,
  });
  if (/^\d+$/.test(expect.trackingNumber) && expect.trackingNumber.length === EXPRESS_TRACKING_LENGTH) {
    const valid = isValidExpressTracking(expect.trackingNumber);
    out.push({
      item: 'checkDigit',
      expected: expect.trackingNumber.slice(-1),
      found: tracking,
      ok: valid,
      message: valid
        ? `check digit ${expect.trackingNumber.slice(-1)} is right (1-3-7, mod 11)`
        : `check digit ${expect.trackingNumber.slice(-1)} is wrong (1-3-7, mod 11)`,
    });
  }
  for (const item of ['postalCode', 'service'] as const) {
    const value = expect[item];
    if (!value) continue;
    const found = carrying(value);
    const name = item === 'postalCode' ? 'postal code' : 'service';
    out.push({
      item,
      expected: value,
      found,
      ok: found ? true : null,
      message: found ? `a symbol carries the ${name} ${value}` : `no symbol encodes the ${name} ${value}`,
    });
  }
  return out;
}
