/**
 * Fills the generator from a 020 tagged transaction, by the tag table of transactionTags.ts: the
 * values are read as the generator's inputs (decimals, counts, units, upper-case codes).
 */
import { parseTransaction, type FormatProblem } from '../../transactions/format.js';
import {
  emptyCommodity,
  emptyParty,
  type CommodityInput,
  type PackageInput,
  type PartyInput,
  type ShipPayloadState,
} from './state.js';
import { tagRule } from './transactionTags.js';

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
    const t = tagRule(Number(f.id))?.target;
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
    const rule = tagRule(Number(f.id));
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
