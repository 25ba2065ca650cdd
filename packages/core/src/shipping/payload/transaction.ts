import { parseTransaction, type FormatProblem } from '../../transactions/format.js';
import {
  emptyCommodity,
  emptyParty,
  type CommodityInput,
  type PackageInput,
  type PartyInput,
  type ShipPayloadState,
} from './state.js';

/**
 * "From a transaction": which fields of a 020 tagged transaction fill the generator, and where they
 * land in the ship request. Tag names are the reference list's (`fsms/tags.json`) except where
 * `note` says otherwise.
 */
export interface TagMapping {
  tag: number;
  name: string;
  /** The JSON path in the create-shipment request (`[n]` is the occurrence: `79-2` → commodities[1]). */
  path: string;
  note?: string;
}

type Target =
  | { kind: 'party'; party: 'shipper' | 'recipient'; field: Exclude<keyof PartyInput, 'streetLines'> }
  | { kind: 'street'; party: 'shipper' | 'recipient'; line: 0 | 1 | 2 }
  | {
      kind: 'commodity';
      field:
        | 'description'
        | 'countryOfManufacture'
        | 'harmonizedCode'
        | 'quantity'
        | 'quantityUnits'
        | 'customsValue'
        | 'unitPrice'
        | 'weight';
    }
  | { kind: 'package'; field: 'weight' | 'length' | 'width' | 'height' | 'count' }
  | { kind: 'weightUnits' }
  | { kind: 'currency' }
  | { kind: 'reference' }
  | { kind: 'account' };

interface Rule extends TagMapping {
  target: Target;
}

const RS = 'requestedShipment';

const RULES: Rule[] = [
  { tag: 10, name: 'sender_fedex_express_account_number', path: 'accountNumber.value', target: { kind: 'account' } },
  {
    tag: 4,
    name: 'sender_company',
    path: `${RS}.shipper.contact.companyName`,
    target: { kind: 'party', party: 'shipper', field: 'companyName' },
  },
  {
    tag: 32,
    name: 'sender_contact_name',
    path: `${RS}.shipper.contact.personName`,
    target: { kind: 'party', party: 'shipper', field: 'personName' },
  },
  {
    tag: 5,
    name: 'sender_address_line_1',
    path: `${RS}.shipper.address.streetLines[0]`,
    target: { kind: 'street', party: 'shipper', line: 0 },
  },
  {
    tag: 6,
    name: 'sender_address_line_2',
    path: `${RS}.shipper.address.streetLines[1]`,
    target: { kind: 'street', party: 'shipper', line: 1 },
  },
  {
    tag: 7,
    name: 'sender_city',
    path: `${RS}.shipper.address.city`,
    target: { kind: 'party', party: 'shipper', field: 'city' },
  },
  {
    tag: 8,
    name: 'sender_state',
    path: `${RS}.shipper.address.stateOrProvinceCode`,
    target: { kind: 'party', party: 'shipper', field: 'stateOrProvinceCode' },
  },
  {
    tag: 9,
    name: 'sender_postal_code',
    path: `${RS}.shipper.address.postalCode`,
    target: { kind: 'party', party: 'shipper', field: 'postalCode' },
  },
  {
    tag: 117,
    name: 'sender_country_code',
    path: `${RS}.shipper.address.countryCode`,
    target: { kind: 'party', party: 'shipper', field: 'countryCode' },
  },
  {
    tag: 183,
    name: 'sender_phone_number',
    path: `${RS}.shipper.contact.phoneNumber`,
    target: { kind: 'party', party: 'shipper', field: 'phoneNumber' },
  },
  {
    tag: 11,
    name: 'recipient_company',
    path: `${RS}.recipients[0].contact.companyName`,
    target: { kind: 'party', party: 'recipient', field: 'companyName' },
  },
  {
    tag: 12,
    name: 'recipient_contact_name',
    path: `${RS}.recipients[0].contact.personName`,
    target: { kind: 'party', party: 'recipient', field: 'personName' },
  },
  {
    tag: 13,
    name: 'recipient_address_line_1',
    path: `${RS}.recipients[0].address.streetLines[0]`,
    target: { kind: 'street', party: 'recipient', line: 0 },
  },
  {
    tag: 14,
    name: 'recipient_address_line_2',
    path: `${RS}.recipients[0].address.streetLines[1]`,
    target: { kind: 'street', party: 'recipient', line: 1 },
  },
  {
    tag: 15,
    name: 'recipient_city',
    path: `${RS}.recipients[0].address.city`,
    target: { kind: 'party', party: 'recipient', field: 'city' },
  },
  {
    tag: 16,
    name: 'recipient_state',
    path: `${RS}.recipients[0].address.stateOrProvinceCode`,
    target: { kind: 'party', party: 'recipient', field: 'stateOrProvinceCode' },
  },
  {
    tag: 17,
    name: 'recipient_postal_code',
    path: `${RS}.recipients[0].address.postalCode`,
    target: { kind: 'party', party: 'recipient', field: 'postalCode' },
  },
  {
    tag: 50,
    name: 'recipient_country',
    path: `${RS}.recipients[0].address.countryCode`,
    target: { kind: 'party', party: 'recipient', field: 'countryCode' },
  },
  {
    tag: 18,
    name: 'recipient_phone_number',
    path: `${RS}.recipients[0].contact.phoneNumber`,
    target: { kind: 'party', party: 'recipient', field: 'phoneNumber' },
  },
  {
    tag: 21,
    name: 'package_weight',
    path: `${RS}.requestedPackageLineItems[].weight.value`,
    note: 'not in the reference tag list; package weight as public integration code uses it, taken as written',
    target: { kind: 'package', field: 'weight' },
  },
  {
    tag: 75,
    name: 'weight_units',
    path: `${RS}.requestedPackageLineItems[].weight.units`,
    target: { kind: 'weightUnits' },
  },
  {
    tag: 116,
    name: 'package_total',
    path: `${RS}.requestedPackageLineItems (count)`,
    target: { kind: 'package', field: 'count' },
  },
  {
    tag: 59,
    name: 'dim_length',
    path: `${RS}.requestedPackageLineItems[].dimensions.length`,
    target: { kind: 'package', field: 'length' },
  },
  {
    tag: 58,
    name: 'dim_width',
    path: `${RS}.requestedPackageLineItems[].dimensions.width`,
    target: { kind: 'package', field: 'width' },
  },
  {
    tag: 57,
    name: 'dim_height',
    path: `${RS}.requestedPackageLineItems[].dimensions.height`,
    target: { kind: 'package', field: 'height' },
  },
  {
    tag: 79,
    name: 'description_of_contents',
    path: `${RS}.customsClearanceDetail.commodities[n].description`,
    target: { kind: 'commodity', field: 'description' },
  },
  {
    tag: 80,
    name: 'country_of_manufacturer',
    path: `${RS}.customsClearanceDetail.commodities[n].countryOfManufacture`,
    target: { kind: 'commodity', field: 'countryOfManufacture' },
  },
  {
    tag: 81,
    name: 'harmonized_code',
    path: `${RS}.customsClearanceDetail.commodities[n].harmonizedCode`,
    target: { kind: 'commodity', field: 'harmonizedCode' },
  },
  {
    tag: 82,
    name: 'unit_quantity',
    path: `${RS}.customsClearanceDetail.commodities[n].quantity`,
    target: { kind: 'commodity', field: 'quantity' },
  },
  {
    tag: 414,
    name: 'commodity_unit_of_measure',
    path: `${RS}.customsClearanceDetail.commodities[n].quantityUnits`,
    target: { kind: 'commodity', field: 'quantityUnits' },
  },
  {
    tag: 1410,
    name: 'commodity_customs_value',
    path: `${RS}.customsClearanceDetail.commodities[n].customsValue.amount`,
    target: { kind: 'commodity', field: 'customsValue' },
  },
  {
    tag: 1030,
    name: 'commodity_customs_value',
    path: `${RS}.customsClearanceDetail.commodities[n].customsValue.amount`,
    note: 'not in the reference tag list; the commodity customs value (6 decimals) as public integration code uses it',
    target: { kind: 'commodity', field: 'customsValue' },
  },
  {
    tag: 1408,
    name: 'commodity_unit_value',
    path: `${RS}.customsClearanceDetail.commodities[n].unitPrice.amount`,
    target: { kind: 'commodity', field: 'unitPrice' },
  },
  {
    tag: 1407,
    name: 'commodity_weight',
    path: `${RS}.customsClearanceDetail.commodities[n].weight.value`,
    target: { kind: 'commodity', field: 'weight' },
  },
  {
    tag: 68,
    name: 'customs_declared_value_currency_type',
    path: `${RS}.customsClearanceDetail.commodities[].customsValue.currency`,
    target: { kind: 'currency' },
  },
  {
    tag: 25,
    name: 'reference_information',
    path: `${RS}.requestedPackageLineItems[0].customerReferences[].value`,
    target: { kind: 'reference' },
  },
];

/** The mapping table the screen shows and the tests check: tag → JSON path. */
export const TRANSACTION_TAG_MAPPINGS: readonly TagMapping[] = RULES.map(({ target: _t, ...m }) => m);
const BY_TAG = new Map(RULES.map((r) => [r.tag, r]));

export interface TagRow {
  /** As written: `79` or `79-2`. */
  tag: string;
  value: string;
  /** The reference name when the mapping knows the tag, else null. */
  name: string | null;
  /** Where it went, or null: not mapped. */
  path: string | null;
}

export type TransactionFill =
  | { ok: true; state: ShipPayloadState; rows: TagRow[] }
  | { ok: false; error: FormatProblem | { position: 0; reason: string } };

export const NOT_A_SHIP_TRANSACTION = 'not a 020 transaction (it must start with 0,"020")';

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;
/** `19.950000` → `19.95`; anything not a plain decimal → null. */
function decimalText(v: string): string | null {
  const t = v.trim();
  if (!DECIMAL.test(t)) return null;
  return t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t.replace(/^0+(?=\d)/, '');
}
const positiveInt = (v: string): number | null => (/^\d{1,6}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null);

/**
 * Fills the generator from a 020 tagged transaction: the mapped fields replace the state's, the
 * rest of the state stays. Packages and commodities are rebuilt when the transaction has any of
 * their fields. Every tag is listed in `rows`, mapped (with its JSON path) or not.
 */
export function fillFromTransaction(base: ShipPayloadState, text: string): TransactionFill {
  const parsed = parseTransaction(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const fields = parsed.fields;
  if (fields[0]?.id !== '0' || fields[0].value !== '020') {
    return { ok: false, error: { position: 0, reason: NOT_A_SHIP_TRANSACTION } };
  }
  // A party the transaction names starts empty: the sample's person or state must not stay beside
  // the transaction's own values (issue 31). A party it does not name is kept as it is.
  const named = new Set<'shipper' | 'recipient'>();
  for (const f of fields) {
    const t = BY_TAG.get(Number(f.id))?.target;
    if (t?.kind === 'party' || t?.kind === 'street') named.add(t.party);
  }
  const partyFrom = (p: PartyInput, who: 'shipper' | 'recipient'): PartyInput =>
    named.has(who) ? emptyParty() : { ...p, streetLines: [...p.streetLines] };
  const state: ShipPayloadState = {
    ...base,
    shipper: partyFrom(base.shipper, 'shipper'),
    recipient: partyFrom(base.recipient, 'recipient'),
  };
  const rows: TagRow[] = [];
  const pkg: { count: number; weight: string; length: number | null; width: number | null; height: number | null } = {
    count: 1,
    weight: '',
    length: null,
    width: null,
    height: null,
  };
  let packagesTouched = false;
  const commodities = new Map<number, CommodityInput>();
  const references: string[] = [];

  for (const f of fields) {
    const tag = f.suffix === null ? f.id : `${f.id}-${f.suffix}`;
    const rule = BY_TAG.get(Number(f.id));
    const row: TagRow = { tag, value: f.value, name: rule?.name ?? null, path: null };
    rows.push(row);
    if (!rule) continue;
    const occurrence = f.suffix === null ? 0 : Math.max(0, Number(f.suffix) - 1);
    const t = rule.target;
    const v = f.value.trim();
    let mapped = true;
    switch (t.kind) {
      case 'account':
        state.accountNumber = v;
        break;
      case 'party':
        state[t.party][t.field] = t.field === 'countryCode' ? v.toUpperCase() : v;
        break;
      case 'street':
        state[t.party].streetLines[t.line] = v;
        break;
      case 'weightUnits': {
        const u = v.toUpperCase();
        const units = u.startsWith('K') ? 'KG' : u.startsWith('L') ? 'LB' : null;
        if (units) state.weightUnits = units;
        mapped = units !== null;
        break;
      }
      case 'currency':
        if (/^[A-Za-z]{3}$/.test(v)) state.currency = v.toUpperCase();
        else mapped = false;
        break;
      case 'reference':
        if (v !== '') references.push(v);
        else mapped = false;
        break;
      case 'package': {
        if (t.field === 'count') {
          const n = positiveInt(v);
          if (n !== null) pkg.count = Math.min(n, 999);
          else mapped = false;
        } else if (t.field === 'weight') {
          const d = decimalText(v);
          if (d !== null) pkg.weight = d;
          else mapped = false;
        } else {
          const n = positiveInt(v);
          if (n !== null) pkg[t.field] = n;
          else mapped = false;
        }
        packagesTouched ||= mapped;
        break;
      }
      case 'commodity': {
        const c = commodities.get(occurrence) ?? emptyCommodity();
        commodities.set(occurrence, c);
        if (t.field === 'quantity') {
          const n = /^\d{1,9}$/.test(v) ? Number(v) : null;
          if (n !== null) c.quantity = n;
          else mapped = false;
        } else if (t.field === 'customsValue' || t.field === 'unitPrice' || t.field === 'weight') {
          const d = decimalText(v);
          if (d !== null) c[t.field] = d;
          else mapped = false;
        } else if (t.field === 'quantityUnits' || t.field === 'countryOfManufacture') {
          c[t.field] = v.toUpperCase();
        } else c[t.field] = v;
        break;
      }
    }
    if (mapped) row.path = rule.path.replace('[n]', `[${occurrence}]`);
  }

  if (packagesTouched) {
    const line: PackageInput = { weight: pkg.weight, length: pkg.length, width: pkg.width, height: pkg.height };
    state.packages = Array.from({ length: pkg.count }, () => ({ ...line }));
  }
  if (commodities.size > 0) {
    state.commodities = [...commodities.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  }
  if (references.length > 0) {
    state.references = references.map((value) => ({ type: 'CUSTOMER_REFERENCE', value }));
  }
  return { ok: true, state, rows };
}
