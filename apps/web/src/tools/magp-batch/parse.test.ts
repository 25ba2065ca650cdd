// @vitest-environment node
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { encodeText } from '@lab/core/text';
import { decodeCsv, detectCsvEncoding, parseSpreadsheet, spreadsheetKind, writeMagpWorkbook } from './parse';

/** The bytes Chinese Excel writes when it saves a CSV (GBK). */
const gbk = (text: string) => encodeText(text, 'gbk')!;
const utf8 = (text: string) => new TextEncoder().encode(text);

function xlsxBytes(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Customers');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['second sheet']]), 'Other');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

describe('spreadsheet parsing (the worker)', () => {
  it('knows the three accepted file types', () => {
    expect(['a.xlsx', 'b.XLS', 'c.csv', 'd.txt', 'e'].map(spreadsheetKind)).toEqual(['xlsx', 'xls', 'csv', null, null]);
  });

  it('reads the first sheet of an .xlsx as text rows of equal width, dates as YYYY-MM-DD', () => {
    const sheet = parseSpreadsheet(
      xlsxBytes([['Name', 'City', 'Weight', 'Date'], ['Ann', 'Memphis', 2.5, new Date(Date.UTC(2024, 4, 20))], ['Bo']]),
      'customers.xlsx',
    );
    expect(sheet.sheetName).toBe('Customers');
    expect(sheet.columns).toBe(4);
    expect(sheet.rows).toEqual([
      ['Name', 'City', 'Weight', 'Date'],
      ['Ann', 'Memphis', '2.5', '2024-05-20'],
      ['Bo', '', '', ''],
    ]);
  });

  it('reads a legacy .xls (BIFF8) too', () => {
    const sheet = parseSpreadsheet(xlsxBytes([['城市'], ['北京']], 'biff8'), 'old.xls');
    expect(sheet.rows).toEqual([['城市'], ['北京']]);
  });

  it('reads CSV: BOM, quoted fields with commas, quotes and line breaks, ";" delimiters', () => {
    const text = '\uFEFFname,address\r\n"Doe, John","1 ""Main"" St\nFloor 2"\r\n';
    expect(parseSpreadsheet(utf8(text), 'a.csv')).toEqual({
      rows: [
        ['name', 'address'],
        ['Doe, John', '1 "Main" St\nFloor 2'],
      ],
      columns: 2,
      sheetName: 'csv',
      encoding: 'utf-8',
    });
    expect(parseSpreadsheet(utf8('a;b;c\n1;2,5;3\n'), 'semi.csv').rows).toEqual([
      ['a', 'b', 'c'],
      ['1', '2,5', '3'],
    ]);
  });

  it('detects GBK bytes from Chinese Excel, and reads them as chosen', () => {
    const bytes = gbk('城市,北京\n上海,x\n');
    expect(detectCsvEncoding(bytes)).toBe('gbk');
    expect(detectCsvEncoding(utf8('城市,北京'))).toBe('utf-8');
    const sheet = parseSpreadsheet(bytes, 'cn.csv');
    expect(sheet.encoding).toBe('gbk');
    expect(sheet.rows).toEqual([
      ['城市', '北京'],
      ['上海', 'x'],
    ]);
    expect(decodeCsv(utf8('北京'), 'gbk').text).not.toBe('北京');
    expect(parseSpreadsheet(utf8('城市\n北京\n'), 'u.csv', 'utf-8').rows).toEqual([['城市'], ['北京']]);
  });

  it('property: any table written as CSV by papaparse reads back the same', () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((w) => fc.array(fc.array(cell, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 8 })),
        (rows) => {
          // A row of one empty cell is a blank line, which CSV cannot tell from no row.
          fc.pre(rows.every((r) => r.some((c) => c !== '')));
          const csv = Papa.unparse(rows, { quotes: true, newline: '\r\n' });
          // Columns empty in every row at the right end are not part of the table.
          const width = Math.max(...rows.map((r) => r.findLastIndex((c) => c !== '') + 1));
          expect(parseSpreadsheet(utf8(csv), 'p.csv', 'utf-8').rows).toEqual(rows.map((r) => r.slice(0, width)));
        },
      ),
    );
  });

  it('writes the MAGP workbook: one sheet named MAGP with the rows as text', () => {
    const rows = [
      ['recipient.address.city', 'requestedPackageLineItems.weight.value'],
      ['String(35)', 'Number'],
      ['北京', '2.5'],
    ];
    const wb = XLSX.read(writeMagpWorkbook(rows), { type: 'array' });
    expect(wb.SheetNames).toEqual(['MAGP']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets.MAGP!, { header: 1 })).toEqual(rows);
  });
});
