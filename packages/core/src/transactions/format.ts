/**
 * The tagged transaction format: a run of entries `ID,"VALUE"` with nothing between them. ID is a
 * field number of 1–4 digits with an optional `-N` occurrence suffix (1–4 digits); VALUE holds no
 * double quote. Line breaks are not part of the format: they are removed before anything is read.
 */

export interface TransactionField {
  /** The field number as written (1–4 digits). */
  id: string;
  /** The occurrence suffix as written (`79-1` → `1`), or null. */
  suffix: string | null;
  value: string;
}

export interface FormatOptions {
  /** Strict: no whitespace at all between entries. Otherwise whitespace after a closing quote is ignored. */
  strict?: boolean;
}

export interface FormatProblem {
  /** 0-based offset of the problem in the text as given (line breaks included). */
  position: number;
  reason: string;
}

export type FormatCheck = { ok: true } | ({ ok: false } & FormatProblem);
export type ParseResult = { ok: true; fields: TransactionField[] } | { ok: false; error: FormatProblem };
export type TrimResult = { ok: true; text: string } | { ok: false; error: FormatProblem };

export const FORMAT_REASONS = {
  empty: 'empty transaction',
  id: 'expected a field id (1-4 digits)',
  idTooLong: 'field id longer than 4 digits',
  suffix: 'expected a suffix number (1-4 digits) after -',
  suffixTooLong: 'suffix longer than 4 digits',
  comma: 'expected , after the field id',
  open: 'expected " to open the value',
  unclosed: 'value not closed by "',
  strictSpace: 'space between fields is not allowed in strict mode',
} as const;

const CR = 13;
const LF = 10;
const QUOTE = 34;
const COMMA = 44;
const DASH = 45;
const isDigit = (c: number) => c >= 48 && c <= 57;
// Whitespace between entries: space, tab, vertical tab, form feed, NBSP and the other
// single-code-unit spaces JavaScript's \s knows (line breaks are gone by then).
const SPACE = /\s/;
const isSpace = (c: number) =>
  c === 32 || c === 9 || c === 11 || c === 12 || (c > 127 && SPACE.test(String.fromCharCode(c)));

/** The text with every line break removed, and for each kept character its offset in the original. */
function withoutLineBreaks(text: string): { flat: string; origin: (i: number) => number } {
  if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) return { flat: text, origin: (i) => i };
  const kept: number[] = [];
  let flat = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR || c === LF) {
      flat += text.slice(start, i);
      start = i + 1;
    } else kept.push(i);
  }
  flat += text.slice(start);
  return { flat, origin: (i) => (i < kept.length ? kept[i]! : text.length) };
}

/**
 * One pass over the text. `onField` receives each entry in order; the return value is the first
 * problem, or null when the whole text is entries.
 */
function scan(text: string, strict: boolean, onField?: (f: TransactionField) => void): FormatProblem | null {
  const { flat: s, origin } = withoutLineBreaks(text);
  const n = s.length;
  const fail = (at: number, reason: string): FormatProblem => ({ position: origin(at), reason });
  if (n === 0) return { position: 0, reason: FORMAT_REASONS.empty };
  let i = 0;
  while (i < n) {
    const idStart = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === idStart) return fail(i, FORMAT_REASONS.id);
    if (i - idStart > 4) return fail(idStart + 4, FORMAT_REASONS.idTooLong);
    const id = s.slice(idStart, i);
    let suffix: string | null = null;
    if (s.charCodeAt(i) === DASH) {
      const sufStart = ++i;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
      if (i === sufStart) return fail(i, FORMAT_REASONS.suffix);
      if (i - sufStart > 4) return fail(sufStart + 4, FORMAT_REASONS.suffixTooLong);
      suffix = s.slice(sufStart, i);
    }
    if (s.charCodeAt(i) !== COMMA) return fail(i, FORMAT_REASONS.comma);
    if (s.charCodeAt(i + 1) !== QUOTE) return fail(i + 1, FORMAT_REASONS.open);
    const valueStart = i + 2;
    const close = s.indexOf('"', valueStart);
    if (close < 0) return fail(valueStart - 1, FORMAT_REASONS.unclosed);
    onField?.({ id, suffix, value: s.slice(valueStart, close) });
    i = close + 1;
    if (i < n && isSpace(s.charCodeAt(i))) {
      if (strict) return fail(i, FORMAT_REASONS.strictSpace);
      while (i < n && isSpace(s.charCodeAt(i))) i++;
    }
  }
  return null;
}

/** Whether the text is a well-formed transaction, or where and why it is not. */
export function checkFormat(text: string, options: FormatOptions = {}): FormatCheck {
  const problem = scan(text, options.strict ?? false);
  return problem ? { ok: false, ...problem } : { ok: true };
}

/** The entries of a transaction in order, or the first format problem. */
export function parseTransaction(text: string, options: FormatOptions = {}): ParseResult {
  const fields: TransactionField[] = [];
  const problem = scan(text, options.strict ?? false, (f) => fields.push(f));
  return problem ? { ok: false, error: problem } : { ok: true, fields };
}

/** `79-1,"x"` — one entry as written in a transaction. */
export function formatField(f: TransactionField): string {
  return `${f.id}${f.suffix === null ? '' : `-${f.suffix}`},"${f.value}"`;
}

/** Entries written back to back on one line: the form strict mode accepts. */
export function formatTransaction(fields: readonly TransactionField[]): string {
  let out = '';
  for (const f of fields) out += formatField(f);
  return out;
}

/** The same transaction on one line with nothing between entries; values untouched. */
export function trimTransaction(text: string): TrimResult {
  const parsed = parseTransaction(text);
  return parsed.ok ? { ok: true, text: formatTransaction(parsed.fields) } : parsed;
}
