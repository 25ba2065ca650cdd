import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';

export type TabularFormat = 'csv' | 'json' | 'xlsx';
export type RawRecord = Record<string, unknown>;

export class ImportError extends Error {
  override name = 'ImportError';
}

export function formatOf(file: string): TabularFormat | undefined {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.txt' || ext === '.tsv') return 'csv';
  if (ext === '.json') return 'json';
  if (ext === '.xlsx') return 'xlsx';
  return undefined;
}

/** Header names compared loosely: `Tran ID` and `tran_id` are the same column. */
export function normalizeHeader(h: string): string {
  return h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function normalizeRecord(r: RawRecord): RawRecord {
  const out: RawRecord = {};
  for (const [k, v] of Object.entries(r)) out[normalizeHeader(k)] = v;
  return out;
}

export async function readFileOrFail(file: string): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (code ?? String(err));
    throw new ImportError(`cannot read ${file}: ${why}`);
  }
}

/**
 * Reads a CSV (comma or tab), JSON (an array of objects, or `{"rows": [...]}`) or XLSX (first
 * sheet, first row = headers) file into records with normalised header names. Cell values come
 * back as strings (CSV), or as the JSON/spreadsheet value.
 */
export async function readTabular(file: string, format = formatOf(file)): Promise<RawRecord[]> {
  if (!format)
    throw new ImportError(`unsupported file type ${path.extname(file) || '(none)'}: use .csv, .json or .xlsx`);
  const bytes = await readFileOrFail(file);
  try {
    if (format === 'csv') {
      const text = bytes.toString('utf8');
      const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
      const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
      const rows = parseCsv(text, {
        columns: (header: string[]) => header.map(normalizeHeader),
        bom: true,
        delimiter,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: false,
      }) as RawRecord[];
      return rows;
    }
    if (format === 'json') {
      const doc = JSON.parse(bytes.toString('utf8')) as unknown;
      const rows = Array.isArray(doc) ? doc : (doc as { rows?: unknown }).rows;
      if (!Array.isArray(rows)) throw new ImportError('a JSON import is an array of objects, or {"rows": [...]}');
      return rows.map((r, i) => {
        if (!r || typeof r !== 'object' || Array.isArray(r)) throw new ImportError(`row ${i + 1}: not an object`);
        return normalizeRecord(r as RawRecord);
      });
    }
    // Loaded only for XLSX files: the server's resident memory does not carry ExcelJS (~19 MB).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new ImportError('the workbook has no sheet');
    const headers: string[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
      headers[col] = normalizeHeader(String(cell.text ?? ''));
    });
    const rows: RawRecord[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      if (!row.hasValues) continue;
      const rec: RawRecord = {};
      headers.forEach((h, col) => {
        if (h) rec[h] = row.getCell(col).text;
      });
      rows.push(rec);
    }
    return rows;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(`cannot parse ${path.basename(file)} as ${format.toUpperCase()}: ${(err as Error).message}`);
  }
}
