import { formatTransaction, parseTransaction, type FormatProblem, type TransactionField } from './format.js';

export type LabelOutput = 'PDF' | 'ZPL';

export const END_FIELD_INCORRECT = 'end field incorrect';

export type ShipRewriteResult =
  | { ok: true; text: string; fields: TransactionField[] }
  | { ok: false; reason: typeof END_FIELD_INCORRECT }
  | { ok: false; reason: 'format incorrect'; error: FormatProblem };

/** Field 187 (label printer type): ZEBRA for ZPL output, DIB for PDF output. */
export const LABEL_PRINTER_TYPE: Record<LabelOutput, string> = { ZPL: 'ZEBRA', PDF: 'DIB' };

const isField = (f: TransactionField, id: number) => f.suffix === null && Number(f.id) === id;

/**
 * Prepares a transaction for the ship-by-transaction tool: it must end with field 99; that last
 * 99 becomes an empty `99,""`, and field 187 is set to the printer type of the wanted output
 * (added just before the 99 when the transaction has none). The result is on one line.
 */
export function shipRewrite(text: string, options: { output: LabelOutput }): ShipRewriteResult {
  const parsed = parseTransaction(text);
  if (!parsed.ok) return { ok: false, reason: 'format incorrect', error: parsed.error };
  const fields = parsed.fields.map((f) => ({ ...f }));
  const last = fields[fields.length - 1];
  if (!last || !isField(last, 99)) return { ok: false, reason: END_FIELD_INCORRECT };
  fields[fields.length - 1] = { id: '99', suffix: null, value: '' };
  const printerType = LABEL_PRINTER_TYPE[options.output];
  const existing = fields.find((f) => isField(f, 187));
  if (existing) existing.value = printerType;
  else fields.splice(fields.length - 1, 0, { id: '187', suffix: null, value: printerType });
  return { ok: true, text: formatTransaction(fields), fields };
}
