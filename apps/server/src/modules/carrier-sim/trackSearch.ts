/**
 * Track results shaped for the documents of the searches (TCN, references, associated shipments)
 * and the notifications' destination address, whose types differ from the tracking-number
 * document's.
 */
import { createHash } from 'node:crypto';
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';

/**
 * A track result as the TCN, reference and associated-shipment documents type it: a scan event's
 * `scanLocation` is a LocationDetail (`locationContactAndAddress.address`, and a `locationType` of
 * their facility enum: the carrier's own facilities are FEDEX_GROUND_TERMINAL for Ground,
 * FEDEX_STAFFED for Express, anything else FEDEX_ONSITE), and their AddressVO requires
 * `streetLines` and `addressVerificationId` on every address, which the tracking-number
 * document's does not. The id is stable per address.
 */
export function asSearchResult(result: Json): void {
  const ground = obj(result.trackingNumberInfo).carrierCode === 'FDXG';
  for (const e of arr(result.scanEvents).map(obj)) {
    e.scanLocation = {
      locationContactAndAddress: { address: obj(e.scanLocation) },
      locationType: FACILITY_TYPES.has(str(e.locationType))
        ? ground
          ? 'FEDEX_GROUND_TERMINAL'
          : 'FEDEX_STAFFED'
        : 'FEDEX_ONSITE',
    };
  }
  withVerifiedAddresses(result);
}

/** Scan location types that are the carrier's own facilities (the others are on site: customer, vehicle, port). */
const FACILITY_TYPES = new Set([
  'ORIGIN_FEDEX_FACILITY',
  'DESTINATION_FEDEX_FACILITY',
  'SORT_FACILITY',
  'FEDEX_FACILITY',
]);

function withVerifiedAddresses(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(withVerifiedAddresses);
  if (typeof value !== 'object' || value === null) return;
  for (const [key, v] of Object.entries(value as Json)) {
    if ((key === 'scanLocation' || key === 'address') && typeof v === 'object' && v !== null) {
      verifiedAddress(v as Json);
    } else withVerifiedAddresses(v);
  }
}

/** Adds the notification and TCN documents' required `streetLines` and `addressVerificationId` to an address. */
export function verifiedAddress(address: Json): Json {
  address.streetLines ??= [];
  const { addressVerificationId: _, ...rest } = address;
  address.addressVerificationId = createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 12);
  return address;
}
