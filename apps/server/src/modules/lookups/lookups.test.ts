import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../imports/registry.js';
import { referenceDir } from '../../paths.js';
import { buildTestApp, freshDatabaseConfig, runLab, dialectsFor, type TestApp } from '../../test/helpers.js';
import { CHINA_REGION } from '../../../../../test/regions.js';
import { lookupsModule } from './index.js';

const HS_REFERENCE = path.join(referenceDir, 'hs/harmonized-system.csv');
const api = '/lab/api';

// Dialect-sensitive: the lookups' repositories (search, imports).
describe.each(dialectsFor('dialect-sensitive'))('useful-tools lookups on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  const regions = (body: unknown) =>
    t.app.inject({ method: 'POST', url: `${api}/utils/v1/iso3166/regions`, payload: body as object });
  const importFile = (dataset: string, p: string, options: Record<string, string> = {}) =>
    runImport(t.app.db, lookupsModule.datasets, dataset, p, options);
  const count = async (table: 'regions_served' | 'hs_codes' | 'etd_eci' | 'postal_codes') =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-lookups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('regions', () => {
    it('finds by alpha-2 in any case, with M49 region, Chinese name and postal format; service unknown', async () => {
      const res = await regions({ type: 'alpha_2', keyword: 'cn' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tag: 'success',
        data: [CHINA_REGION],
      });
    });

    it('finds by alpha-3, by name with spaces as wildcards, and by Chinese name', async () => {
      expect(
        (await regions({ type: 'alpha_3', keyword: 'gbr' })).json().data.map((r: { alpha_2: string }) => r.alpha_2),
      ).toEqual(['GB']);
      expect(
        (await regions({ type: 'name', keyword: 'united kin' })).json().data.map((r: { alpha_2: string }) => r.alpha_2),
      ).toEqual(['GB']);
      const cn = (await regions({ type: 'name', keyword: '中国' }))
        .json()
        .data.map((r: { alpha_2: string }) => r.alpha_2);
      expect(cn).toContain('CN');
    });

    it('lists a UN M49 region path', async () => {
      const res = (
        await regions({ type: 'region', regions: ['Americas', 'Latin America and the Caribbean', 'South America'] })
      ).json();
      const codes = res.data.map((r: { alpha_2: string }) => r.alpha_2);
      expect(codes).toContain('BR');
      expect(codes).not.toContain('MX');
      expect(res.data[0].intermediate_region).toBe('South America');
    });

    it('answers the product messages for empty keywords and no hits, and 400 for bad input', async () => {
      const empty = await regions({ type: 'alpha_2', keyword: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'enter a code or word before search' });
      expect((await regions({ type: 'region', regions: [] })).statusCode).toBe(400);
      expect((await regions({ type: 'alpha_2', keyword: 'QQ' })).json()).toEqual({
        tag: 'error',
        msg: 'no results found',
        data: [],
      });
      const long = await regions({ type: 'name', keyword: 'x'.repeat(16) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(/keyword/);
      expect((await regions({ type: 'capital', keyword: 'x' })).statusCode).toBe(400);
    });

    it('serves the country list and the M49 tree', async () => {
      const list = (await t.app.inject(`${api}/utils/v1/iso3166/countries`)).json().data;
      expect(list.length).toBeGreaterThan(240);
      expect(list).toContainEqual({ alpha_2: 'US', alpha_3: 'USA', name: 'United States of America', name_cn: '美国' });
      const tree = (await t.app.inject(`${api}/utils/v1/m49`)).json().data;
      expect(tree.map((n: { name: string }) => n.name)).toEqual(['Africa', 'Americas', 'Asia', 'Europe', 'Oceania']);
    });

    it('imports served/postal overrides: good file, malformed file imports nothing, repeat is idempotent', async () => {
      const good = file(
        'served.csv',
        'alpha_2,is_served,is_postal_routed,postal_digits,postal_pattern\ncn,YES,,,\nHK,no,NO,,\nGB,Y,Y,,"^[A-Z0-9 ]{5,8}$"\n',
      );
      expect((await importFile('regions-served', good)).ok).toBe(true);
      expect((await importFile('regions-served', good)).ok).toBe(true);
      expect(await count('regions_served')).toBe(3);
      const [cn] = (await regions({ type: 'alpha_2', keyword: 'CN' })).json().data;
      expect(cn).toMatchObject({ is_served: true, is_postal_routed: true, postal_pattern: { digits: 6 } });
      const [hk] = (await regions({ type: 'alpha_2', keyword: 'HK' })).json().data;
      expect(hk).toMatchObject({
        is_served: false,
        is_postal_routed: false,
        postal_pattern: { digits: null, pattern: null },
      });
      const [gb] = (await regions({ type: 'alpha_2', keyword: 'GB' })).json().data;
      expect(gb.postal_pattern).toEqual({ digits: null, pattern: '^[A-Z0-9 ]{5,8}$' });

      const bad = file(
        'served-bad.csv',
        'alpha_2,is_served,is_postal_routed,postal_digits,postal_pattern\nFR,YES,,,\nZZ,maybe,,,\n',
      );
      const report = await importFile('regions-served', bad);
      expect(report.ok).toBe(false);
      expect(report.rejected.map((r) => r.row)).toEqual([2]);
      expect(report.rejected[0]!.reason).toMatch(
        /alpha_2: not an ISO 3166-1 alpha-2 country code; is_served: expected YES, NO or empty/,
      );
      expect(await count('regions_served')).toBe(3);
      expect((await regions({ type: 'alpha_2', keyword: 'FR' })).json().data[0].is_served).toBeNull();
    });
  });

  describe('HS codes (CN)', () => {
    const search = (keyword: string, page = 1) =>
      t.app.inject({ method: 'POST', url: `${api}/utils/v1/hs-codes/search`, payload: { keyword, page } });

    it('says no data is loaded before an import, and checks the keyword', async () => {
      const res = (await search('0101')).json();
      expect(res).toMatchObject({ tag: 'error', msg: '未导入海关编码数据', total: 0, dataset: null, data: [] });
      const short = await search('010');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ message: '请输入至少4位数字' });
    });

    it('imports the international nomenclature and searches codes containing the digits, by code, 50 a page', async () => {
      const report = await importFile('hs-cn', HS_REFERENCE, { dataset: 'HS2022' });
      expect(report.ok).toBe(true);
      expect(report.imported).toBe(6939);
      const res = (await search('0101')).json();
      expect(res.tag).toBe('success');
      expect(res.msg).toBe(`共找到${res.total}条记录`);
      expect(res.dataset.label).toBe('HS2022');
      const codes = res.data.map((r: { hs_code: string }) => r.hs_code);
      expect(codes.slice(0, 3)).toEqual(['0101', '010121', '010129']);
      expect(codes.every((c: string) => c.includes('0101'))).toBe(true);
      expect([...codes].sort()).toEqual(codes);
      expect(res.data[0]).toEqual({
        location: 'ALL',
        hs_code: '0101',
        commodity_name: 'Horses, asses, mules and hinnies; live',
        legal_unit_1: '',
        legal_unit_2: '',
        regulatory_condition: '',
        export_tax_rate: '',
      });
      const page1 = (await search('0210')).json();
      const page2 = (await search('0210', 2)).json();
      expect(page1.total).toBeGreaterThan(50);
      expect(page1.data).toHaveLength(50);
      expect(page2.data[0].hs_code >= page1.data[49].hs_code).toBe(true);
      expect((await search('98765432')).json()).toMatchObject({ tag: 'error', msg: '没有找到相关记录', total: 0 });
    });

    it('imports the customs format (replacing the previous file), rejects a malformed one whole, and is idempotent', async () => {
      const header = 'location,hs_code,commodity_name,legal_unit_1,legal_unit_2,regulatory_condition,export_tax_rate\n';
      const good = file(
        'hs.csv',
        `${header}nonSCN,0101210010,改良种用濒危野马,千克,头,ABEF,0%\nALL,0101210090,其他改良种用马,千克,头,AB,0%\n`,
      );
      expect((await importFile('hs-cn', good, { dataset: '2023-05' })).ok).toBe(true);
      expect((await importFile('hs-cn', good, { dataset: '2023-05' })).ok).toBe(true);
      expect(await count('hs_codes')).toBe(2);
      const res = (await search('01012100')).json();
      expect(res).toMatchObject({ tag: 'success', total: 2, dataset: { label: '2023-05' } });
      expect(res.data[0]).toMatchObject({ location: 'nonSCN', commodity_name: '改良种用濒危野马', legal_unit_2: '头' });

      const bad = file('hs-bad.csv', `${header}ALL,0102,牛,千克,,,\nALL,01A2,坏,千克,,,\n`);
      const report = await importFile('hs-cn', bad, { dataset: 'bad' });
      expect(report.ok).toBe(false);
      expect(report.rejected).toEqual([{ row: 2, reason: 'hs_code: an HS code is 2 to 12 digits' }]);
      expect(await count('hs_codes')).toBe(2);
    });
  });

  describe('ETD/ECI', () => {
    const header =
      'alpha_2,etd_export,etd_import,eci_export,eci_import,signature_export,signature_import,letterhead_export,letterhead_import\n';
    const requirement = (from: string, to: string) =>
      t.app.inject(`${api}/utils/v1/etd-eci/requirement?from=${from}&to=${to}`);

    it('answers unknown sides before an import', async () => {
      const status = await t.app.inject(`${api}/utils/v1/datasets/etd-eci`);
      expect(status.json()).toEqual({ name: 'etd-eci', dataset: null });
      const res = (await requirement('cn', 'us')).json();
      expect(res).toEqual({
        dataset: null,
        from: { alpha_2: 'CN', name: "People's Republic of China", name_cn: '中国', side: null },
        to: { alpha_2: 'US', name: 'United States of America', name_cn: '美国', side: null },
      });
      expect((await requirement('CN', 'XX')).statusCode).toBe(400);
      expect((await requirement('CN', '1')).statusCode).toBe(400);
    });

    it('imports rules and answers the export side of the origin and the import side of the destination', async () => {
      const good = file(
        'etd.csv',
        `${header}CN,YES,NO,YES,NO,OPTIONAL,REQUIRED,OPTIONAL,PROHIBITED\nus,no,yes,no,yes,required,optional,prohibited,required\n`,
      );
      expect((await importFile('etd-eci', good, { dataset: '2023-03' })).ok).toBe(true);
      expect((await importFile('etd-eci', good, { dataset: '2023-03' })).ok).toBe(true);
      expect(await count('etd_eci')).toBe(2);
      const res = (await requirement('CN', 'US')).json();
      expect(res.dataset.label).toBe('2023-03');
      const status = (await t.app.inject(`${api}/utils/v1/datasets/etd-eci`)).json();
      expect(status).toMatchObject({ name: 'etd-eci', dataset: { label: '2023-03' } });
      expect(status.dataset.importedAt).toBe(res.dataset.importedAt);
      const unknown = await t.app.inject(`${api}/utils/v1/datasets/ships`);
      expect(unknown.statusCode).toBe(400);
      expect(res.from.side).toEqual({ etd: true, eci: true, signature: 'OPTIONAL', letterhead: 'OPTIONAL' });
      expect(res.to.side).toEqual({ etd: true, eci: true, signature: 'OPTIONAL', letterhead: 'REQUIRED' });
      const list = (await t.app.inject(`${api}/utils/v1/etd-eci`)).json();
      expect(list.data.map((r: { alpha_2: string }) => r.alpha_2)).toEqual(['CN', 'US']);
      expect(list.data[1]).toMatchObject({ name_cn: '美国', etd_import: true, letterhead_import: 'REQUIRED' });
    });

    it('rejects a malformed file or a repeated country whole', async () => {
      const bad = file('etd-bad.csv', `${header}FR,YES,YES,YES,YES,OPTIONAL,MAYBE,OPTIONAL,OPTIONAL\n`);
      const report = await importFile('etd-eci', bad, { dataset: 'x' });
      expect(report.ok).toBe(false);
      expect(report.rejected[0]!.reason).toMatch(/^signature_import: /);
      const dup = file(
        'etd-dup.csv',
        `${header}FR,YES,YES,YES,YES,OPTIONAL,OPTIONAL,OPTIONAL,OPTIONAL\nfr,YES,YES,YES,YES,OPTIONAL,OPTIONAL,OPTIONAL,OPTIONAL\n`,
      );
      await expect(importFile('etd-eci', dup, { dataset: 'x' })).rejects.toThrow(
        'row 2: country FR appears more than once',
      );
      await expect(importFile('etd-eci', bad)).rejects.toThrow('etd-eci needs --dataset');
      expect(await count('etd_eci')).toBe(2);
    });
  });

  describe('postal lookup', () => {
    const lookup = (payload: object) => t.app.inject({ method: 'POST', url: `${api}/postal/lookup`, payload });

    it('finds US 10001 in New York from the built-in ZIP data', async () => {
      const res = await lookup({ countryCode: 'us', postalCode: '10001' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          countryCode: 'US',
          postalCode: '10001',
          city: 'New York',
          stateOrProvinceCode: 'NY',
          primary: true,
          residential: null,
        },
      ]);
      expect((await lookup({ countryCode: 'US', postalCode: '10001-1234' })).json()).toHaveLength(1);
      expect((await lookup({ countryCode: 'US', postalCode: '00000' })).json()).toEqual([]);
    });

    it('validates input', async () => {
      expect((await lookup({ countryCode: 'USA', postalCode: '10001' })).statusCode).toBe(400);
      expect((await lookup({ countryCode: 'US', postalCode: '' })).statusCode).toBe(400);
      expect((await lookup({ countryCode: 'US', postalCode: '1234567890123' })).statusCode).toBe(400);
    });

    it('imports a GeoNames dump: good file, malformed file imports nothing, repeat is idempotent', async () => {
      const line = (cells: string[]) => cells.join('\t');
      const good = file(
        'DE.txt',
        [
          line([
            'DE',
            '10115',
            'Berlin',
            'Berlin',
            'BE',
            'Berlin, Stadt',
            '110',
            '',
            '11000000',
            '52.5323',
            '13.3846',
            '4',
          ]),
          line([
            'DE',
            '80331',
            'München',
            'Bayern',
            'BY',
            'Upper Bavaria',
            '091',
            '',
            '09162',
            '48.1372',
            '11.5755',
            '4',
          ]),
        ].join('\n') + '\n',
      );
      expect((await importFile('postal-geonames', good)).ok).toBe(true);
      expect((await importFile('postal-geonames', good)).ok).toBe(true);
      expect(await count('postal_codes')).toBe(2);
      expect((await lookup({ countryCode: 'DE', postalCode: '80331' })).json()).toEqual([
        {
          countryCode: 'DE',
          postalCode: '80331',
          city: 'München',
          stateOrProvinceCode: 'BY',
          primary: null,
          residential: null,
        },
      ]);
      const bad = file(
        'bad.txt',
        `${line(['DE', '01067', 'Dresden', 'Sachsen', 'SN', '', '', '', '', '51.05', '13.74', '4'])}\nDE\t01069\tonly three\n`,
      );
      const report = await importFile('postal-geonames', bad);
      expect(report.ok).toBe(false);
      expect(report.rejected).toEqual([{ row: 2, reason: 'columns: a line has 12 tab-separated columns' }]);
      expect(await count('postal_codes')).toBe(2);
      await expect(importFile('postal-geonames', file('x.csv', 'a,b\n'))).rejects.toThrow(/\.txt file/);
    });
  });

  describe('cities and US states', () => {
    it('finds cities by prefix, biggest first, with country names, and filters by country', async () => {
      const res = await t.app.inject(`${api}/utils/v1/cities?q=new%20york`);
      expect(res.statusCode).toBe(200);
      const [first] = res.json().data;
      expect(first).toMatchObject({
        name: 'New York City',
        country_code: 'US',
        country_name_cn: '美国',
        admin_code: 'NY',
        admin_name: 'New York',
        admin_name_cn: '纽约州',
      });
      const [shanghai] = (await t.app.inject(`${api}/utils/v1/cities?q=shanghai&country=CN&limit=1`)).json().data;
      expect(shanghai).toMatchObject({
        name: 'Shanghai',
        admin_code: '23',
        admin_name: 'Shanghai',
        admin_name_cn: '上海市',
      });
      const [santos] = (await t.app.inject(`${api}/utils/v1/cities?q=santos&country=BR&limit=1`)).json().data;
      // Every country's subdivisions are named (iso3166-2-db), not only China's and the US's.
      expect(santos).toMatchObject({ country_code: 'BR', admin_name: 'São Paulo', admin_name_cn: '聖保羅' });
      const [munich] = (await t.app.inject(`${api}/utils/v1/cities?q=munich&country=DE&limit=1`)).json().data;
      expect(munich).toMatchObject({ admin_code: '02', admin_name: 'Bavaria', admin_name_cn: '巴伐利亚' });
      expect(first.population).toBeGreaterThan(8_000_000);
      const paris = (await t.app.inject(`${api}/utils/v1/cities?q=paris&country=us&limit=5`)).json().data;
      expect(paris.length).toBeGreaterThan(0);
      expect(paris.every((c: { country_code: string }) => c.country_code === 'US')).toBe(true);
      expect((await t.app.inject(`${api}/utils/v1/cities?q=`)).statusCode).toBe(400);
      expect((await t.app.inject(`${api}/utils/v1/cities?q=x&limit=0`)).statusCode).toBe(400);
    });

    it('lists US states with capital and time zones, filtered', async () => {
      expect((await t.app.inject(`${api}/utils/v1/us-states`)).json().data).toHaveLength(52);
      expect((await t.app.inject(`${api}/utils/v1/us-states?q=tx`)).json().data).toEqual([
        { code: 'TX', name: 'Texas', capital: 'Austin', timeZones: ['Central', 'Mountain'] },
      ]);
    });
  });
});

describe.each(dialectsFor('dialect-sensitive'))('lab import of lookup datasets on %s', (dialect) => {
  it('imports the HS reference file from the command line with a dataset label', async () => {
    const { config, drop } = await freshDatabaseConfig(dialect);
    try {
      const run = await runLab(['import', 'hs-cn', HS_REFERENCE, '--dataset', '2023-05'], { database: config });
      expect(run).toEqual({ code: 0, out: [`imported 6939 rows into hs-cn from ${HS_REFERENCE}`], err: [] });
    } finally {
      await drop();
    }
  });
});
