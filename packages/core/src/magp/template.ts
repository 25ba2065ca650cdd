import type { StandardField } from './fields.js';

export const MAGP_SHEET_NAME = 'MAGP';

/** `<source name>_magpTemplate.xlsx`, or `_magpGuide.xlsx` when guide rows are added. */
export function magpFileName(sourceName: string, guide: boolean): string {
  const base = sourceName.replace(/\.[^.]*$/, '') || 'batch';
  return `${base}${guide ? '_magpGuide' : '_magpTemplate'}.xlsx`;
}

export interface MagpTemplateInput {
  /** The source sheet's rows (first sheet, as text). */
  rows: readonly (readonly string[])[];
  /** The chosen field value per source column, null for none. */
  headers: readonly (string | null)[];
  /** Extra template columns with no source data: standard field values or free names. */
  addOns: readonly string[];
  deleteFirstRow: boolean;
  dataTypeRow: boolean;
  descriptionRow: boolean;
  fields: ReadonlyMap<string, StandardField>;
}

/** `String(35)`, `Number`, … as the guide's data type row writes it. */
export function datatypeText(field: StandardField | undefined): string {
  if (!field) return '';
  return field.maxlength === null ? field.datatype : `${field.datatype}(${field.maxlength})`;
}

/**
 * The MAGP sheet as rows: the header row (chosen field values in source column order, then the
 * add-on fields), the guide rows when asked (data type, description), then the data of the mapped
 * columns. Null when there is nothing to export: no data, or no header chosen and no add-on.
 */
export function buildMagpRows(input: MagpTemplateInput): string[][] | null {
  const columns: number[] = [];
  input.headers.forEach((h, i) => {
    if (h) columns.push(i);
  });
  const addOns = input.addOns.filter((a) => a.trim() !== '' && !input.headers.includes(a));
  const data = input.deleteFirstRow ? input.rows.slice(1) : input.rows;
  if (input.rows.length === 0 || columns.length === 0) return null;

  const names = [...columns.map((c) => input.headers[c]!), ...addOns];
  const out: string[][] = [names];
  if (input.dataTypeRow) out.push(names.map((n) => datatypeText(input.fields.get(n))));
  if (input.descriptionRow) out.push(names.map((n) => input.fields.get(n)?.description ?? ''));
  for (const row of data) {
    out.push([...columns.map((c) => row[c] ?? ''), ...addOns.map(() => '')]);
  }
  return out;
}
