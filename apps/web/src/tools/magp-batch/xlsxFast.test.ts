// @vitest-environment node
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWithSheetJs, parseWorkbook } from './parse';
import { readXlsxFirstSheet, xmlText } from './xlsxFast';

function workbook(sheets: [string, XLSX.WorkSheet][], options: XLSX.WritingOptions = {}): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, ws] of sheets) XLSX.utils.book_append_sheet(wb, ws, name);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', ...options }) as ArrayBuffer);
}

const cell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.constantFrom('a<b>&"\'', '  padded  ', 'line\nbreak', '_x0041_', '北京市', '😀', '=1+1', '0012'),
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  fc.boolean(),
  fc
    .date({ min: new Date('1950-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
    .map((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))),
  fc.constant(null),
);

describe('the fast .xlsx reader', () => {
  it('decodes XML entities and OOXML _xHHHH_ escapes', () => {
    expect(xmlText('a&lt;b&gt;&amp;&quot;&apos;&#65;&#x42;_x000D_')).toBe('a<b>&"\'AB\r');
  });

  it('property: shows every sheet exactly as SheetJS does (strings, numbers, booleans, dates, holes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 8 }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        (rows, bookSST, compression) => {
          const bytes = workbook([['Data', XLSX.utils.aoa_to_sheet(rows, { cellDates: true })]], {
            bookSST,
            compression,
          });
          const fast = parseWorkbook(bytes, 'xlsx');
          const slow = parseWithSheetJs(bytes);
          expect(fast).toEqual(slow);
          expect(readXlsxFirstSheet(bytes)).not.toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('formats numbers as their cell format says, dates of the default format as YYYY-MM-DD', () => {
    const ws = XLSX.utils.aoa_to_sheet([[2.5, 0.1 + 0.2, 45432, 45432.5, 1234567.891, 0.25]]);
    ws['A1']!.z = '0.00';
    ws['C1']!.z = 'm/d/yy'; // the built-in default date format (id 14)
    ws['D1']!.z = 'yyyy/mm/dd hh:mm';
    ws['E1']!.z = '#,##0.00';
    ws['F1']!.z = '0%';
    const bytes = workbook([['Formats', ws]]);
    const fast = readXlsxFirstSheet(bytes)!;
    expect(fast.rows).toEqual([['2.50', '0.3', '2024-05-20', '2024/05/20 12:00', '1,234,567.89', '25%']]);
    expect(fast.rows).toEqual(parseWithSheetJs(bytes).rows);
  });

  it('reads the first sheet in tab order, from column A, dropping blank rows', () => {
    const first = XLSX.utils.aoa_to_sheet([]);
    XLSX.utils.sheet_add_aoa(first, [['x'], [], ['y', 'z']], { origin: 'B2' });
    const bytes = workbook([
      ['First', first],
      ['Second', XLSX.utils.aoa_to_sheet([['other']])],
    ]);
    expect(readXlsxFirstSheet(bytes)).toEqual({
      sheetName: 'First',
      rows: [
        ['', 'x'],
        ['', 'y', 'z'],
      ],
    });
    expect(parseWorkbook(bytes).rows).toEqual(parseWithSheetJs(bytes).rows);
  });

  it('leaves namespace-prefixed sheets (<x:c>) to SheetJS', async () => {
    const { unzipSync, zipSync, strFromU8, strToU8 } = await import('fflate');
    const files = unzipSync(workbook([['P', XLSX.utils.aoa_to_sheet([['a', 1]])]]));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
      .replace(/<(\/?)(sheetData|row|c|v)\b/g, '<$1x:$2')
      .replace('<worksheet ', '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ');
    files['xl/worksheets/sheet1.xml'] = strToU8(sheet);
    const bytes = zipSync(files);
    expect(readXlsxFirstSheet(bytes)).toBeNull();
    expect(parseWorkbook(bytes).rows).toEqual([['a', '1']]);
  });

  it('leaves what is not an .xlsx to SheetJS', () => {
    const xls = (() => {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['legacy']]), 'Old');
      return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    })();
    expect(() => readXlsxFirstSheet(xls)).toThrow();
    expect(parseWorkbook(xls, 'xlsx').rows).toEqual([['legacy']]);
  });
});
