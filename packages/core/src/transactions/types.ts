/**
 * The carrier's transaction types the product knows by name: what the type dropdowns always offer,
 * whatever definitions happen to be loaded. `number` is the transaction code the type's
 * transactions start with (`0,"020"`), when the carrier gives one.
 *
 * These are the types the product's specification names ("020 and 120 global-shipping-transaction
 * request and reply, return-shipment, ipd-add-crn, ipd-edit-crn, ipd-create-master,
 * ipd-edit-master"); the carrier's other types are not written down anywhere we have. Add a type
 * here as one line when it is known; until then, importing its definitions makes it appear beside
 * these (`lab import transactions <file>`).
 */
export interface KnownTransactionType {
  /** The type key definitions are stored and searched under. */
  type: string;
  /** The transaction code (`020`), or null when the carrier gives none. */
  number: string | null;
  /** A readable name. */
  name: string;
}

export const KNOWN_TRANSACTION_TYPES: readonly KnownTransactionType[] = [
  { type: '020-global-shipping-transaction-request', number: '020', name: 'Global shipping transaction request' },
  { type: '120-global-shipping-transaction-reply', number: '120', name: 'Global shipping transaction reply' },
  { type: 'return-shipment', number: null, name: 'Return shipment' },
  { type: 'ipd-add-crn', number: null, name: 'IPD add CRN' },
  { type: 'ipd-edit-crn', number: null, name: 'IPD edit CRN' },
  { type: 'ipd-create-master', number: null, name: 'IPD create master' },
  { type: 'ipd-edit-master', number: null, name: 'IPD edit master' },
];

/** One entry of the type list: a known type or an imported one, with its loaded definitions. */
export interface TransactionTypeEntry extends KnownTransactionType {
  /** True for the types above; false for a type only met in imported definitions. */
  known: boolean;
  /** How many definitions of this type the version has loaded (0 is fine: the type is still offered). */
  definitions: number;
}

/** The transaction code a type key starts with (`020-…` → `020`), else null. */
export function typeNumber(type: string): string | null {
  return /^(\d{3})-/.exec(type)?.[1] ?? null;
}

/**
 * Every known type in catalogue order with its count, then the imported types (those with
 * definitions that are not known), sorted.
 */
export function transactionTypeList(loaded: ReadonlyMap<string, number>): TransactionTypeEntry[] {
  const known = KNOWN_TRANSACTION_TYPES.map((t) => ({ ...t, known: true, definitions: loaded.get(t.type) ?? 0 }));
  const knownKeys = new Set(KNOWN_TRANSACTION_TYPES.map((t) => t.type));
  const imported = [...loaded]
    .filter(([type, n]) => !knownKeys.has(type) && n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, definitions]) => ({ type, number: typeNumber(type), name: type, known: false, definitions }));
  return [...known, ...imported];
}
