/**
 * The recipient a shipment request names: `recipients[0]` (else `recipient`). The ship document's
 * own minimum example (MinimumSamplePayload-ShipShipment) splits one recipient across two entries
 * — the contact in the first, the address in the second —, so an entry without an address takes
 * the first address the list gives, and without a contact the first contact: the carrier's own
 * request ships to that one recipient.
 */
import { asArray as arr, asObject as obj, type JsonObject } from '@lab/core/json';

const has = (o: JsonObject, key: string) => Object.keys(obj(o[key])).length > 0;

export function recipientOf(rs: JsonObject): JsonObject | undefined {
  const list = arr(rs.recipients).map(obj);
  const first = list[0] ?? (rs.recipient === undefined ? undefined : obj(rs.recipient));
  if (!first) return undefined;
  const withAddress = has(first, 'address') ? first : list.find((r) => has(r, 'address'));
  const withContact = has(first, 'contact') ? first : list.find((r) => has(r, 'contact'));
  if (withAddress === first && withContact === first) return first;
  return {
    ...first,
    ...(withAddress ? { address: withAddress.address } : {}),
    ...(withContact ? { contact: withContact.contact } : {}),
  };
}
