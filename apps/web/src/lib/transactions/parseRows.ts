import {
  checkFields,
  type CheckedField,
  type TransactionDefinition,
  type TransactionField,
} from '@lab/core/transactions';

export interface ParsedRow extends CheckedField {
  key: number;
  definition: TransactionDefinition | undefined;
}

/** Table rows: each field with its definition and check, in transaction order. */
export function parsedRows(fields: TransactionField[], definitions: TransactionDefinition[]): ParsedRow[] {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  return checkFields(fields, byId).map((row, key) => ({ ...row, key, definition: byId.get(Number(row.id)) }));
}

/**
 * Row style: no definition = warning, value longer than defined = error, suffixed id = info
 * (in that order when several apply).
 */
export function rowTone(row: ParsedRow): 'warning' | 'error' | 'info' | undefined {
  if (row.status === 'no-definition') return 'warning';
  if (row.status === 'too-long') return 'error';
  if (row.suffix !== null) return 'info';
  return undefined;
}

/** `12/35`, or `12/-` when the definition gives no maximum. */
export const lengthText = (row: Pick<CheckedField, 'length' | 'maxLength'>) => `${row.length}/${row.maxLength ?? '-'}`;

/** Rows whose field name (or id) contains the filter text, case-insensitive. */
export function filterRows(rows: ParsedRow[], filter: string): ParsedRow[] {
  const f = filter.trim().toLowerCase();
  if (!f) return rows;
  return rows.filter((r) => r.name.toLowerCase().includes(f) || r.id === f);
}
