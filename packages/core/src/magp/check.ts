import type { MagpDatatype, StandardField } from './fields.js';

/** What is wrong with one cell for the column's chosen field. */
export type CellIssue = { kind: 'length'; excess: number } | { kind: 'number' } | { kind: 'date' };

/** Column state shown above a column: no header chosen yet. */
export const NO_CHECK = -1;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Characters as a person counts them (code points: one emoji or CJK character is one). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A calendar date written YYYY-MM-DD (the ship API's date format). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isNumberText(text: string): boolean {
  return NUMBER.test(text.trim());
}

const typeChecks: Partial<Record<MagpDatatype, (text: string) => CellIssue | null>> = {
  Number: (t) => (isNumberText(t) ? null : { kind: 'number' }),
  Date: (t) => (isIsoDate(t.trim()) ? null : { kind: 'date' }),
};

/**
 * The cell's issue against the field: too long (with the number of extra characters) first, then
 * not of the field's type (Number, Date). Empty cells are fine: whether a value is required is
 * not the template's check.
 */
export function checkCell(text: string, field: Pick<StandardField, 'datatype' | 'maxlength'>): CellIssue | null {
  if (text === '') return null;
  if (field.maxlength !== null) {
    const excess = textLength(text) - field.maxlength;
    if (excess > 0) return { kind: 'length', excess };
  }
  return typeChecks[field.datatype]?.(text) ?? null;
}

/**
 * The state above a column: NO_CHECK (-1) without a field, else the number of cells with an
 * issue (0 = no error). `fromRow` skips leading rows (the source's own header row when it is
 * deleted from the template).
 */
export function columnState(
  rows: readonly (readonly string[])[],
  column: number,
  field: Pick<StandardField, 'datatype' | 'maxlength'> | undefined,
  fromRow = 0,
): number {
  if (!field) return NO_CHECK;
  let errors = 0;
  for (let r = fromRow; r < rows.length; r++) {
    if (checkCell(rows[r]![column] ?? '', field) !== null) errors++;
  }
  return errors;
}
