import {
  routingFor,
  serviceCodeOf,
  serviceNameOf,
  serviceTypeOfCode,
  type CarrierLabelData,
  type LabelParty,
} from '@lab/core/carrier/label';
import type { TransactionField } from '@lab/core/transactions';

/**
 * A 020 transaction's labels, drawn from its own fields (names from `fsms/tags.json`). Stratus
 * refuses to ship what it cannot print or route, so these fields are required:
 *
 * | field            | why                                                                     |
 * | ---------------- | ----------------------------------------------------------------------- |
 * | 4 or 32          | the FROM block names the sender (company or contact)                    |
 * | 5, 7, 9, 117     | sender street, city, postal code, country: the FROM block and the origin routing |
 * | 11 or 12         | the TO block names the recipient (company or contact)                   |
 * | 13, 15, 17, 50   | recipient street, city, postal code, country: the TO block and the destination routing |
 * | 16 (US, CA only) | the recipient state: part of the address and routing in those countries |
 * | 1274             | the service (its code, the service box and name); a code for the lane   |
 * | 21 (or 21-n)     | each package's weight (21-n for package n, else 21 for every package)   |
 *
 * Optional: 1 and 25 (references), 6, 14 (second street lines), 8 (sender state), 10 (account),
 * 18/183 (phones), 24 (ship date YYYYMMDD, else today), 57/58/59 + 1116 (dimensions), 75 (weight
 * units, LB unless K…), 116 (package count, default 1). 187 (ZEBRA/DIB) is checked before these.
 */
export interface RequiredField {
  /** `4` or `4/32` (either one). */
  tags: readonly number[];
  name: string;
}

const REQUIRED: readonly RequiredField[] = [
  { tags: [4, 32], name: 'sender company or contact name' },
  { tags: [5], name: 'sender address line 1' },
  { tags: [7], name: 'sender city' },
  { tags: [9], name: 'sender postal code' },
  { tags: [117], name: 'sender country code' },
  { tags: [11, 12], name: 'recipient company or contact name' },
  { tags: [13], name: 'recipient address line 1' },
  { tags: [15], name: 'recipient city' },
  { tags: [17], name: 'recipient postal code' },
  { tags: [50], name: 'recipient country' },
  { tags: [1274], name: 'service type' },
];

const STATE_REQUIRED_COUNTRIES = ['US', 'CA'];

type FieldMap = Map<string, string>;

/** Field values by id (`21`) and id-occurrence (`21-2`); the first occurrence wins. */
function fieldMap(fields: readonly TransactionField[]): FieldMap {
  const map: FieldMap = new Map();
  for (const f of fields) {
    const key = f.suffix === null ? String(Number(f.id)) : `${Number(f.id)}-${Number(f.suffix)}`;
    if (!map.has(key)) map.set(key, f.value.trim());
  }
  return map;
}

const describe = (r: RequiredField) => `${r.tags.map((t) => `field ${t}`).join(' or ')} (${r.name})`;

export type TransactionLabels =
  | { ok: true; labels: (trackingNumbers: readonly string[]) => CarrierLabelData[]; count: number }
  | { ok: false; message: string };

/**
 * The labels of a transaction whose 187 and 116 are valid (`count` packages), or the message naming
 * every required field it lacks. `today` is `YYYY-MM-DD` (the simulator's clock).
 */
export function transactionLabels(
  fields: readonly TransactionField[],
  count: number,
  today: string,
): TransactionLabels {
  const f = fieldMap(fields);
  const get = (tag: number | string) => f.get(String(tag)) ?? '';
  const missing: string[] = [];
  for (const r of REQUIRED) if (r.tags.every((t) => get(t) === '')) missing.push(describe(r));
  const recipientCountry = get(50).toUpperCase();
  if (STATE_REQUIRED_COUNTRIES.includes(recipientCountry) && get(16) === '') {
    missing.push(`field 16 (recipient state, required for ${recipientCountry})`);
  }
  const weights: string[] = [];
  for (let n = 1; n <= count; n++) {
    const w = get(`21-${n}`) || get(21);
    if (!/^\d{1,5}(\.\d{1,6})?$/.test(w)) {
      missing.push(count === 1 ? 'field 21 (package weight)' : `field 21-${n} (package ${n} weight, or field 21)`);
      if (get(21) === '') break; // one line for all packages when no weight is given at all
    }
    weights.push(w.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
  }
  if (missing.length > 0)
    return {
      ok: false,
      message: `missing required ${missing.length === 1 ? 'field' : 'fields'}: ${missing.join(', ')}`,
    };

  const shipper: LabelParty = {
    personName: get(32),
    companyName: get(4),
    phoneNumber: get(183),
    streetLines: [get(5), get(6)].filter(Boolean),
    city: get(7),
    stateOrProvinceCode: get(8),
    postalCode: get(9),
    countryCode: get(117).toUpperCase(),
  };
  const recipient: LabelParty = {
    personName: get(12),
    companyName: get(11),
    phoneNumber: get(18),
    streetLines: [get(13), get(14)].filter(Boolean),
    city: get(15),
    stateOrProvinceCode: get(16),
    postalCode: get(17),
    countryCode: recipientCountry,
  };
  const international = shipper.countryCode !== recipient.countryCode;
  const serviceType = serviceTypeOfCode(get(1274), international);
  if (serviceType === undefined) {
    return {
      ok: false,
      message: `field 1274 (service type) "${get(1274)}" is not ${international ? 'an international' : 'a domestic'} service code`,
    };
  }
  const units = get(75).toUpperCase().startsWith('K') ? 'KG' : 'LB';
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(get(24));
  const shipDate = date ? `${date[1]}-${date[2]}-${date[3]}` : today;
  const dims = [get(59), get(58), get(57)].map(Number);
  const dimensions = dims.every((d) => Number.isInteger(d) && d > 0)
    ? {
        length: dims[0]!,
        width: dims[1]!,
        height: dims[2]!,
        units: get(1116).toUpperCase().startsWith('C') ? 'CM' : 'IN',
      }
    : undefined;
  const references = [get(1), get(25)].filter(Boolean);
  return {
    ok: true,
    count,
    labels: (trackingNumbers) =>
      trackingNumbers.map((trackingNumber, i) => ({
        trackingNumber,
        masterTrackingNumber: trackingNumbers[0]!,
        sequence: i + 1,
        count: trackingNumbers.length,
        serviceType,
        serviceName: serviceNameOf(serviceType),
        serviceCode: serviceCodeOf(serviceType),
        shipDate,
        weight: { value: weights[i]!, units },
        dimensions,
        shipper,
        recipient,
        references,
        shipperAccount: get(10),
        payor: 'SENDER',
        payorAccount: '',
        dutiesPayor: '',
        dutiesPayorAccount: '',
        customsValue: '',
        insuredValue: '',
        origin: routingFor(shipper),
        destination: routingFor(recipient),
        masked: [],
        size: { widthIn: 4, heightIn: 6 },
        docTab: undefined,
        inverted: false,
      })),
  };
}
