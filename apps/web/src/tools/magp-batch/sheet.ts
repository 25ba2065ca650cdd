// What the page knows of a spreadsheet without loading the spreadsheet library (that stays in the worker).

/** How CSV bytes are read: detected (UTF-8 unless the bytes are not valid UTF-8, then GBK) or chosen. */
export type CsvEncoding = 'auto' | 'utf-8' | 'gbk';
export const CSV_ENCODINGS: CsvEncoding[] = ['auto', 'utf-8', 'gbk'];

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

export interface ParsedSheet {
  /** The first sheet's rows as the text a person sees, each padded to `columns` cells. */
  rows: string[][];
  columns: number;
  sheetName: string;
  /** For CSV: the encoding the bytes were read with. */
  encoding?: 'utf-8' | 'gbk';
}

export function spreadsheetKind(fileName: string): SpreadsheetKind | null {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'xlsx' || ext === 'xls' || ext === 'csv' ? ext : null;
}
