import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import Papa from 'papaparse';
import { MAGP_SHEET_NAME } from '@lab/core/magp';
import { spreadsheetKind, type CsvEncoding, type ParsedSheet, type SpreadsheetKind } from './sheet';
import { readXlsxFirstSheet } from './xlsxFast';

// Legacy .xls (BIFF5 and older) store text in the workbook's code page, e.g. 936 (GBK) from
// Chinese Excel: SheetJS decodes those with the code page tables.
XLSX.set_cptable(cptable);

export { spreadsheetKind, CSV_ENCODINGS, type CsvEncoding, type ParsedSheet, type SpreadsheetKind } from './sheet';

/** UTF-8 when the bytes are valid UTF-8 (with or without BOM), else GBK (Chinese Excel's "CSV"). */
export function detectCsvEncoding(bytes: Uint8Array): 'utf-8' | 'gbk' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}

export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding): { text: string; encoding: 'utf-8' | 'gbk' } {
  const used = encoding === 'auto' ? detectCsvEncoding(bytes) : encoding;
  // TextDecoder drops a leading BOM by default.
  return { text: new TextDecoder(used).decode(bytes), encoding: used };
}

/** Rows of equal width: trailing empty cells dropped, then every row padded to the widest. */
function padRows(rows: string[][]): { rows: string[][]; columns: number } {
  let columns = 0;
  for (const r of rows) {
    while (r.length > 0 && r[r.length - 1] === '') r.pop();
    if (r.length > columns) columns = r.length;
  }
  for (const r of rows) while (r.length < columns) r.push('');
  return { rows, columns };
}

const isBlankRow = (r: readonly string[]) => r.every((c) => c === '');

export function parseCsv(bytes: Uint8Array, encoding: CsvEncoding = 'auto'): ParsedSheet {
  const decoded = decodeCsv(bytes, encoding);
  // Papa guesses the delimiter (comma, semicolon, tab, |) and handles quoted fields and "" escapes.
  const result = Papa.parse<string[]>(decoded.text, { skipEmptyLines: false, delimiter: '' });
  const rows = result.data.map((r) => r.map((c) => c ?? ''));
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1]!)) rows.pop();
  return { ...padRows(rows), sheetName: 'csv', encoding: decoded.encoding };
}

export function parseWorkbook(bytes: Uint8Array, kind: SpreadsheetKind = 'xlsx'): ParsedSheet {
  if (kind === 'xlsx') {
    try {
      const fast = readXlsxFirstSheet(bytes);
      if (fast) return { ...padRows(fast.rows), sheetName: fast.sheetName };
    } catch {
      // not an .xlsx this reader understands: SheetJS below says what it is
    }
  }
  return parseWithSheetJs(bytes);
}

/** Any workbook SheetJS reads (.xls BIFF2–8, .xlsx, …): the first sheet from column A. */
export function parseWithSheetJs(bytes: Uint8Array): ParsedSheet {
  // dense: faster and smaller for big sheets; dateNF: dates shown as the ship API writes them;
  // only the cells' text is needed (no HTML of rich text, formats, styles or formulas).
  const wb = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    dateNF: 'yyyy-mm-dd',
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellFormula: false,
  });
  const sheetName = wb.SheetNames[0];
  if (sheetName === undefined) return { rows: [], columns: 0, sheetName: '' };
  const sheet = wb.Sheets[sheetName]!;
  const ref = sheet['!ref'];
  if (!ref) return { rows: [], columns: 0, sheetName };
  // From column A, as Excel shows the sheet, even when the used range starts further right.
  const range = XLSX.utils.decode_range(ref);
  range.s.c = 0;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: false,
    range,
  });
  const rows = raw.map((r) => r.map((c) => (c == null ? '' : String(c)))).filter((r) => !isBlankRow(r));
  return { ...padRows(rows), sheetName };
}

export function parseSpreadsheet(bytes: Uint8Array, fileName: string, encoding: CsvEncoding = 'auto'): ParsedSheet {
  const kind = spreadsheetKind(fileName);
  if (kind === null) throw new Error(`not a spreadsheet: ${fileName}`);
  return kind === 'csv' ? parseCsv(bytes, encoding) : parseWorkbook(bytes, kind);
}

/** The MAGP workbook: one sheet named MAGP holding `rows` as text cells. */
export function writeMagpWorkbook(rows: string[][]): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), MAGP_SHEET_NAME);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
