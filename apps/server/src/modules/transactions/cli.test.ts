import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../config.js';
import { referenceDir } from '../../paths.js';
import { freshDatabaseConfig, openMigratedDb, runLab, dialectsFor } from '../../test/helpers.js';
import { runSeeds } from '../../db/seeds.js';
import { transactionsSeeder } from './seed.js';

const REQ = '020-global-shipping-transaction-request';
const sample = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!;

// Dialect-sensitive: CLI imports into the repository.
describe.each(dialectsFor('dialect-sensitive'))(
  'lab transaction parse and lab import transactions on %s',
  (dialect) => {
    let database: DatabaseConfig;
    let drop: () => Promise<void>;
    let dir: string;

    const lab = async (args: string[], stdin = '', db = database) => {
      const r = await runLab(args, { database: db, stdin });
      return { code: r.code, out: r.out.join('\n'), err: r.err.join('\n') };
    };
    const write = (name: string, content: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    };

    beforeAll(async () => {
      ({ config: database, drop } = await freshDatabaseConfig(dialect));
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tran-cli-'));
      const db = await openMigratedDb(database);
      await runSeeds(db, { info: () => {} } as never, [transactionsSeeder]);
      await db.close();
    });
    afterAll(async () => {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('imports a CSV with the old column names and reports the rows', async () => {
      const file = write(
        'old.csv',
        `Tran_Type,Tran_ID,tran_description,tran_valuetype,tran_length,tran_occurrencesno,tran_details,tran_allvalues\n` +
          `${REQ},4,Sender company,AN,10,1,Name of the shipper,\n` +
          `${REQ},1273,Packaging type,N,2,1,,01~02~03\n`,
      );
      const res = await lab(['import', 'transactions', file, '--version', 'GSMW14']);
      expect(res).toEqual({ code: 0, out: `imported 2 rows into transactions from ${file}`, err: '' });
    });

    it('rejects a whole file when a row is invalid, naming the row and reason', async () => {
      const file = write(
        'bad.json',
        JSON.stringify([
          { tran_type: REQ, tran_id: 5, description: 'ok' },
          { tran_type: REQ, tran_id: 12345, description: 'too long id' },
          { tran_type: '', tran_id: 6, description: '' },
        ]),
      );
      const res = await lab(['import', 'transactions', file, '--version', 'GSMW14']);
      expect(res.code).toBe(2);
      expect(res.err.split('\n')).toEqual([
        `rejected ${file}: 2 row(s) invalid, nothing imported`,
        '  row 2: tran_id: tran_id must be a field number of 1-4 digits',
        '  row 3: tran_type: tran_type is missing; description: description is missing',
      ]);
      const parsed = JSON.parse((await lab(['transaction', 'parse', '-'], '5,"x"')).out);
      expect(parsed.fields[0].name).toBe('sender_address_line_1');
    });

    it('needs --version and a sane version name', async () => {
      const file = write('v.json', JSON.stringify([{ tran_type: REQ, tran_id: 5, description: 'x' }]));
      const res = await lab(['import', 'transactions', file]);
      expect(res).toMatchObject({
        code: 2,
        err: 'lab: transactions needs --version (software version of the definitions, e.g. GSMW14)',
      });
      const bad = await lab(['import', 'transactions', file, '--version', 'a b']);
      expect(bad).toMatchObject({
        code: 2,
        err: 'lab: --version "a b" is not a version name (letters, digits, . _ -)',
      });
    });

    it('imports XLSX, upserting by version, type and id (last duplicate wins)', async () => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('defs');
      sheet.addRow(['tran_type', 'tran_id', 'description', 'length']);
      sheet.addRow(['return-shipment', 1, 'first', '5']);
      sheet.addRow(['return-shipment', 1, 'second', '3']);
      sheet.addRow([REQ, 4, 'Sender company', '6']);
      const file = path.join(dir, 'defs.xlsx');
      await wb.xlsx.writeFile(file);
      const res = await lab(['import', 'transactions', file, '--version', 'GSMW15']);
      expect(res.code).toBe(0);
      const out = JSON.parse(
        (await lab(['transaction', 'parse', '--version', 'GSMW15', '--type', 'return-shipment', '-'], '1,"abcd"')).out,
      );
      expect(out.fields).toEqual([
        { id: '1', suffix: null, name: 'second', value: 'abcd', length: 4, maxLength: 3, status: 'too-long' },
      ]);
    });

    it('parses the public sample against the definitions, naming unknown fields NOT FOUND', async () => {
      const file = write('sample.txt', `${sample}\n`);
      const res = await lab(['transaction', 'parse', file]);
      expect(res.code).toBe(0);
      const out = JSON.parse(res.out);
      expect(out.format).toBe('correct');
      expect(out.error).toBeUndefined();
      expect(out.fields[0]).toEqual({
        id: '0',
        suffix: null,
        name: 'transaction_code',
        value: '020',
        length: 3,
        maxLength: null,
        status: 'ok',
      });
      expect(out.fields.find((f: { id: string }) => f.id === '4')).toMatchObject({
        name: 'Sender company',
        value: 'Shipper Name',
        maxLength: 10,
        status: 'too-long',
      });
      expect(out.fields.find((f: { id: string }) => f.id === '1958')).toMatchObject({
        name: 'NOT FOUND',
        status: 'no-definition',
      });
      expect(out.fields.at(-1)).toMatchObject({ id: '99', name: 'end_of_record', value: '' });
    });

    it('exits 2 with the problem when the format is incorrect, and respects --strict', async () => {
      const spaced = '0,"020" 99,""';
      expect((await lab(['transaction', 'parse', '-'], spaced)).code).toBe(0);
      const strict = await lab(['transaction', 'parse', '--strict', '-'], spaced);
      expect(strict.code).toBe(2);
      expect(JSON.parse(strict.out)).toEqual({
        format: 'incorrect',
        error: { position: 7, reason: 'space between fields is not allowed in strict mode' },
        fields: [],
      });
    });

    it('loads the starter definitions into a database the server never started on, keeping imported ones', async () => {
      const fresh = await freshDatabaseConfig(dialect);
      try {
        const file = write('early.csv', `tran_type,tran_id,description,length\n${REQ},4,Shipper company,3\n`);
        const imported = await lab(['import', 'transactions', file, '--version', 'GSMW14'], '', fresh.config);
        expect(imported.code, imported.err).toBe(0);
        const parsed = await lab(['transaction', 'parse', '-'], '187,"ZEBRA"4,"ACME"', fresh.config);
        expect(parsed.code, parsed.err).toBe(0);
        const fields = JSON.parse(parsed.out).fields;
        expect(fields[0]).toMatchObject({ name: 'label_printer_type', status: 'ok' });
        expect(fields[1]).toMatchObject({ name: 'Shipper company', maxLength: 3, status: 'too-long' });
      } finally {
        await fresh.drop();
      }
    });

    it('says so when the file is missing or the type has no definitions', async () => {
      const missing = await lab(['transaction', 'parse', path.join(dir, 'nope.txt')]);
      expect(missing.code).toBe(2);
      expect(missing.err).toBe(`lab: cannot read ${path.join(dir, 'nope.txt')}: no such file`);
      const unknown = await lab(['transaction', 'parse', '--type', 'ipd-edit-crn', '-'], '1,"x"');
      expect(unknown.code).toBe(0);
      expect(unknown.err).toBe('lab: no definitions of these fields for GSMW14 ipd-edit-crn');
    });
  },
);
