import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError, normalizeHeader, readTabular } from './tabular.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tabular-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readTabular', () => {
  it('reads CSV with a BOM, quoted commas and normalised headers', async () => {
    const f = path.join(dir, 'a.csv');
    fs.writeFileSync(f, '\uFEFFTran ID,Tran-Description\n1,"Customer, reference"\n');
    expect(await readTabular(f)).toEqual([{ tran_id: '1', tran_description: 'Customer, reference' }]);
  });

  it('reads tab-separated text', async () => {
    const f = path.join(dir, 'b.txt');
    fs.writeFileSync(f, 'a\tb\n1\t2\n');
    expect(await readTabular(f)).toEqual([{ a: '1', b: '2' }]);
  });

  it('reads JSON arrays and {"rows": [...]}', async () => {
    const f = path.join(dir, 'c.json');
    fs.writeFileSync(f, JSON.stringify({ rows: [{ A: 1 }] }));
    expect(await readTabular(f)).toEqual([{ a: 1 }]);
    fs.writeFileSync(f, JSON.stringify({ nope: 1 }));
    await expect(readTabular(f)).rejects.toThrow('a JSON import is an array of objects, or {"rows": [...]}');
  });

  it('reads the first sheet of an XLSX workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('defs');
    ws.addRow(['tran_id', 'Description']);
    ws.addRow([1, 'Transaction type']);
    ws.addRow([]);
    ws.addRow([99, 'End']);
    const f = path.join(dir, 'd.xlsx');
    await wb.xlsx.writeFile(f);
    expect(await readTabular(f)).toEqual([
      { tran_id: '1', description: 'Transaction type' },
      { tran_id: '99', description: 'End' },
    ]);
  });

  it('refuses unknown file types and unreadable or corrupt files with clear messages', async () => {
    await expect(readTabular(path.join(dir, 'x.pdf'))).rejects.toThrow(
      'unsupported file type .pdf: use .csv, .json or .xlsx',
    );
    await expect(readTabular(path.join(dir, 'none.csv'))).rejects.toThrow(ImportError);
    const f = path.join(dir, 'e.xlsx');
    fs.writeFileSync(f, 'not a zip');
    await expect(readTabular(f)).rejects.toThrow(/^cannot parse e\.xlsx as XLSX: /);
  });

  it('normalises header names', () => {
    expect(normalizeHeader(' Tran  Occurrences-No ')).toBe('tran_occurrences_no');
  });
});
