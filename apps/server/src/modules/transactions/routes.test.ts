import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_TRANSACTION_TYPES } from '@lab/core/transactions';
import { runImport } from '../../imports/registry.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { transactionsDataset } from './dataset.js';

const REQ = '020-global-shipping-transaction-request';
const REP = '120-global-shipping-transaction-reply';
const base = '/lab/api/transactions';

// Dialect-sensitive: the routes' queries.
describe.each(dialectsFor('dialect-sensitive'))('transaction routes on %s', (dialect) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tran-'));
    const file = path.join(dir, 'defs.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          tran_type: REQ,
          tran_id: 4,
          description: 'sender_company',
          length: '35',
          value_type: 'AN',
          details: 'Shipper company name',
        },
        {
          tran_type: REQ,
          tran_id: 1273,
          description: 'packaging_type',
          all_values: '01~02~YOUR_PACKAGING',
          length: '2',
        },
        { tran_type: 'ipd-add-crn', tran_id: 4, description: 'crn sender company' },
      ]),
    );
    const report = await runImport(t.app.db, [transactionsDataset], 'transactions', file, { version: 'GSMW14' });
    expect(report.ok).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seeds the starter GSMW14 definitions of types 020 and 120 on first start', async () => {
    const res = await t.app.inject(`${base}/types?version=GSMW14`);
    const types = res.json().types as { type: string; definitions: number }[];
    expect(types.filter((x) => x.definitions > 0).map((x) => x.type)).toEqual([REQ, REP, 'ipd-add-crn']);
    const def = (await t.app.inject(`${base}/GSMW14/${REP}/187`)).json();
    expect(def).toEqual({
      version: 'GSMW14',
      type: REP,
      id: 187,
      description: 'label_printer_type',
      valueType: null,
      length: null,
      occurrences: null,
      details: null,
      allValues: null,
    });
    expect((await t.app.inject(`${base}/versions`)).json()).toEqual({ versions: ['GSMW14'] });
  });

  it('gets one definition, imported over the starter row', async () => {
    const res = await t.app.inject(`${base}/GSMW14/${REQ}/0004`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 4, description: 'sender_company', length: '35', valueType: 'AN' });
    const missing = await t.app.inject(`${base}/GSMW14/${REQ}/9998`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: `no definition of field 9998 in GSMW14 ${REQ}` });
  });

  it('answers bad ids and versions with 400 and a message', async () => {
    const res = await t.app.inject(`${base}/GSMW14/${REQ}/12345`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'params.id: a field id is 1-4 digits' });
    const v = await t.app.inject(`${base}/GSM%20W14/${REQ}/1`);
    expect(v.statusCode).toBe(400);
    expect(v.json().message).toBe('params.version: a version is 1-40 letters, digits, . _ or -');
  });

  it('queries descriptions', async () => {
    const res = await t.app.inject(`${base}/GSMW14/${REQ}/query/${encodeURIComponent('sender comp')}`);
    expect(res.json().map((d: { id: number }) => d.id)).toEqual([4]);
    const short = await t.app.inject(`${base}/GSMW14/${REQ}/query/x`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'input at least two letters' });
  });

  it('returns the definitions of many ids', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/GSMW14/${REQ}/ids`,
      payload: { ids: [99, '4', 9999, 4] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { id: number; description: string }) => [d.id, d.description])).toEqual([
      [4, 'sender_company'],
      [99, 'end_of_record'],
    ]);
    const bad = await t.app.inject({ method: 'POST', url: `${base}/GSMW14/${REQ}/ids`, payload: { ids: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body\.ids: /);
    const none = await t.app.inject({ method: 'POST', url: `${base}/GSMW14/${REQ}/ids`, payload: { ids: ['a'] } });
    expect(none.json()).toEqual({ message: 'body.ids.0: a field id is 1-4 digits' });
  });

  it('searches by id, by description and full text, with the contract spelling', async () => {
    const byId = await t.app.inject(`${base}/search?version=GSMW14&type=${REQ}&keyword=4&isId=true&isFullText=false`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ msg: '1 transaction found', total: 1 });
    expect(byId.json().definations[0]).toMatchObject({ id: 4, type: REQ });

    const byText = await t.app.inject(`${base}/search?version=GSMW14&type=${REQ}&keyword=company&isId=false`);
    expect(
      byText
        .json()
        .definations.map((d: { id: number }) => d.id)
        .slice(0, 3),
    ).toEqual([4, 11, 171]);

    const narrow = await t.app.inject(`${base}/search?version=GSMW14&type=${REQ}&keyword=your_pack`);
    expect(narrow.json()).toEqual({ definations: [], msg: 'no transaction found', total: 0, refused: false });
    const full = await t.app.inject(`${base}/search?version=GSMW14&type=${REQ}&keyword=your_pack&isFullText=true`);
    expect(full.json().definations.map((d: { id: number }) => d.id)).toEqual([1273]);

    const anyType = await t.app.inject(`${base}/search?keyword=4&isId=true`);
    expect(anyType.json().total).toBe(3);
  });

  it('needs two letters for a keyword search', async () => {
    const res = await t.app.inject(`${base}/search?version=GSMW14&type=${REQ}&keyword=a&isId=false`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ definations: [], msg: 'input at least two letters', total: 0, refused: true });
  });

  it('answers every known type with its number, name and loaded count, imported types beside them', async () => {
    const res = await t.app.inject(`${base}/types`);
    expect(res.statusCode).toBe(200);
    const { version, types, dataset, detailed } = res.json() as {
      version: string;
      types: Record<string, unknown>[];
      dataset: { label: string | null; importedAt: string } | null;
      detailed: boolean;
    };
    expect(version).toBe('GSMW14');
    expect(detailed).toBe(true);
    // Two of the imported definitions carry a length; the starter rows have names only.
    expect(res.json().defined).toBe(2);
    expect(dataset).toMatchObject({ label: null });
    expect(Number.isNaN(Date.parse(dataset!.importedAt))).toBe(false);
    // Core's known types, in its order (core's types test pins the list); every imported type is one of them.
    expect(types.map((x) => x.type)).toEqual(KNOWN_TRANSACTION_TYPES.map((k) => k.type));
    expect(types[0]).toEqual({
      type: REQ,
      number: '020',
      name: 'Global shipping transaction request',
      known: true,
      definitions: 436,
    });
    expect(types[3]).toMatchObject({ type: 'ipd-add-crn', number: null, known: true, definitions: 1 });
    expect(types[4]).toMatchObject({ type: 'ipd-edit-crn', definitions: 0 });
    const other = await t.app.inject(`${base}/types?version=GSMW99`);
    expect((other.json().types as { definitions: number }[]).every((x) => x.definitions === 0)).toBe(true);
    expect(other.json().detailed).toBe(false);
    expect(other.json().defined).toBe(0);
  });

  it('does not record refused searches in the shared history', async () => {
    await t.app.inject(`${base}/search?keyword=zeta&isId=false`);
    await t.app.inject(`${base}/search?keyword=z&isId=false`);
    await t.app.inject(`${base}/search?keyword=zz9&isId=true`);
    const list = (await t.app.inject(`${base}/keywords`)).json() as { keyword: string }[];
    expect(list[0]!.keyword).toBe('zeta');
    expect(list.map((k) => k.keyword)).not.toContain('z');
    expect(list.map((k) => k.keyword)).not.toContain('zz9');
  });

  it('validates the search query', async () => {
    const flag = await t.app.inject(`${base}/search?keyword=ab&isId=yes`);
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toEqual({ message: 'querystring.isId: use true or false' });
    const missing = await t.app.inject(`${base}/search?version=GSMW14`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^querystring\.keyword: /);
  });

  it('logs every search and lists the latest 10 distinct keywords, newest first', async () => {
    const words = ['alpha', 'beta', 'alpha', '12', 'gamma', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1', 'k1'];
    for (const w of words) {
      const isId = /^\d+$/.test(w);
      await t.app.inject(`${base}/search?keyword=${w}&isId=${isId}`);
    }
    const res = await t.app.inject(`${base}/keywords`);
    const list = res.json() as { keyword: string; isId: boolean; created: string }[];
    expect(list.map((k) => k.keyword)).toEqual(['k1', 'j1', 'i1', 'h1', 'g1', 'f1', 'e1', 'd1', 'gamma', '12']);
    expect(list[9]).toMatchObject({ keyword: '12', isId: true });
    expect(list[0]!.isId).toBe(false);
    expect(Number.isNaN(Date.parse(list[0]!.created))).toBe(false);
  });

  it('picks up an import made elsewhere on the same database', async () => {
    const file = path.join(dir, 'more.csv');
    fs.writeFileSync(file, `tran_type,tran_id,tran_description\n${REQ},4,sender company name\n`);
    const before = await t.app.inject(`${base}/GSMW14/${REQ}/4`);
    expect(before.json().description).toBe('sender_company');
    expect((await runImport(t.app.db, [transactionsDataset], 'transactions', file, { version: 'GSMW14' })).ok).toBe(
      true,
    );
    const after = await t.app.inject(`${base}/GSMW14/${REQ}/4`);
    expect(after.json()).toMatchObject({ description: 'sender company name', length: null });
  });

  it('shows the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/lab/api/openapi.json')).json();
    expect(doc.paths['/lab/api/transactions/search'].get.tags).toEqual(['transactions']);
    expect(doc.paths['/lab/api/transactions/{version}/{type}/ids'].post).toBeDefined();
  });
});
