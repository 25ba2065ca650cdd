import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkHsKeyword,
  exportSide,
  filterUsStates,
  HS_PAGE_SIZE,
  importSide,
  REGION_KEYWORD_MAX,
  REQUIREMENT_LEVELS,
  US_STATES,
} from '@lab/core/regions';
import { badRequest } from '../../http/errors.js';
import { cityIndex } from './cities.js';
import { countryCatalog } from './countries.js';
import { lookupPostal, offlinePostalProvider, type PostalProvider } from './postal.js';
import { etdRules, latestImport, searchHsCodes, servedOverrides } from './repo.js';
import { EMPTY_KEYWORD, NO_RESULTS, regionRecord, selectCountries } from './service.js';

const alpha2 = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
  .transform((s) => s.toUpperCase());

const regionRecordSchema = z.object({
  name: z.string(),
  name_cn: z.string(),
  region: z.string(),
  sub_region: z.string(),
  intermediate_region: z.string(),
  alpha_2: z.string(),
  alpha_3: z.string(),
  country_code: z.string(),
  is_served: z.boolean().nullable(),
  is_postal_routed: z.boolean(),
  postal_pattern: z.object({ digits: z.number().nullable(), pattern: z.string().nullable() }),
});

const regionsBody = z.object({
  type: z.enum(['alpha_2', 'alpha_3', 'name', 'region']),
  keyword: z.string().max(REGION_KEYWORD_MAX).optional(),
  regions: z.array(z.string().min(1).max(100)).max(3).optional(),
});

const datasetInfo = z.object({ label: z.string().nullable(), importedAt: z.string() }).nullable();

const level = z.enum(REQUIREMENT_LEVELS);
const sideSchema = z.object({ etd: z.boolean(), eci: z.boolean(), signature: level, letterhead: level });
const countryEnd = z.object({
  alpha_2: z.string(),
  name: z.string(),
  name_cn: z.string(),
  side: sideSchema.nullable(),
});

const etdRow = z.object({
  alpha_2: z.string(),
  name: z.string(),
  name_cn: z.string(),
  etd_export: z.boolean(),
  etd_import: z.boolean(),
  eci_export: z.boolean(),
  eci_import: z.boolean(),
  signature_export: level,
  signature_import: level,
  letterhead_export: level,
  letterhead_import: level,
});

const postalPlace = z.object({
  countryCode: z.string(),
  postalCode: z.string(),
  city: z.string(),
  stateOrProvinceCode: z.string(),
  primary: z.boolean().nullable(),
  residential: z.boolean().nullable(),
});

/** Useful Tools lookups: regions, cities, US states, HS codes (CN), ETD/ECI rules, postal codes. */
export const utilsLookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The carrier's postal API becomes a second PostalProvider; until then the offline one answers.
  const postal: PostalProvider = offlinePostalProvider(app.db.kysely);
  const tags = ['utils'];

  app.post(
    '/utils/v1/iso3166/regions',
    {
      schema: {
        summary: 'Search countries by alpha-2, alpha-3, English/Chinese name or UN M49 region',
        tags,
        body: regionsBody,
        response: {
          200: z.object({
            tag: z.enum(['success', 'error']),
            msg: z.string().optional(),
            data: z.array(regionRecordSchema),
          }),
        },
      },
    },
    async (req) => {
      const { type, keyword, regions } = req.body;
      if (type === 'region' ? !regions?.length : !keyword?.trim()) throw badRequest(EMPTY_KEYWORD);
      const catalog = countryCatalog();
      const overrides = await servedOverrides(app.db.kysely);
      const data = selectCountries(catalog.list, { type, keyword, regions }).map((c) =>
        regionRecord(c, overrides.get(c.alpha_2)),
      );
      return data.length ? { tag: 'success' as const, data } : { tag: 'error' as const, msg: NO_RESULTS, data };
    },
  );

  app.get(
    '/utils/v1/iso3166/countries',
    {
      schema: {
        summary: 'Every ISO 3166-1 country with its English and Chinese name',
        tags,
        response: {
          200: z.object({
            data: z.array(
              z.object({ alpha_2: z.string(), alpha_3: z.string(), name: z.string(), name_cn: z.string() }),
            ),
          }),
        },
      },
    },
    async () => ({
      data: countryCatalog().list.map((c) => ({
        alpha_2: c.alpha_2,
        alpha_3: c.alpha_3,
        name: c.name,
        name_cn: c.name_cn,
      })),
    }),
  );

  const m49Node: z.ZodType<{ code: string; name: string; children: unknown[] }> = z.lazy(() =>
    z.object({ code: z.string(), name: z.string(), children: z.array(m49Node) }),
  );
  app.get(
    '/utils/v1/m49',
    {
      schema: {
        summary: 'UN M49 regions → sub-regions → intermediate regions',
        tags,
        response: { 200: z.object({ data: z.array(m49Node) }) },
      },
    },
    async () => ({ data: countryCatalog().m49Tree }),
  );

  app.get(
    '/utils/v1/cities',
    {
      schema: {
        summary: 'Cities whose name starts with q (best matches first)',
        tags,
        querystring: z.object({
          q: z.string().trim().min(1, 'enter a city name').max(100),
          country: alpha2.optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            tookMs: z.number(),
            data: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                country_code: z.string(),
                country_name: z.string(),
                country_name_cn: z.string(),
                admin_code: z.string(),
                lat: z.number(),
                lon: z.number(),
                population: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const index = await cityIndex();
      const started = performance.now();
      const found = index.search(req.query.q, { country: req.query.country, limit: req.query.limit });
      const tookMs = performance.now() - started;
      const { byAlpha2 } = countryCatalog();
      return {
        tookMs,
        data: found.map((c) => ({
          id: c.id,
          name: c.name,
          country_code: c.country,
          country_name: byAlpha2.get(c.country)?.name ?? c.country,
          country_name_cn: byAlpha2.get(c.country)?.name_cn ?? '',
          admin_code: c.adminCode,
          lat: c.lat,
          lon: c.lon,
          population: c.population,
        })),
      };
    },
  );

  app.get(
    '/utils/v1/us-states',
    {
      schema: {
        summary: 'The 50 US states, DC and PR: code, name, capital, time zones',
        tags,
        querystring: z.object({ q: z.string().max(50).default('') }),
        response: {
          200: z.object({
            data: z.array(
              z.object({ code: z.string(), name: z.string(), capital: z.string(), timeZones: z.array(z.string()) }),
            ),
          }),
        },
      },
    },
    async (req) => ({
      data: filterUsStates(req.query.q, US_STATES).map((s) => ({ ...s, timeZones: [...s.timeZones] })),
    }),
  );

  app.post(
    '/utils/v1/hs-codes/search',
    {
      schema: {
        summary: 'China customs HS codes containing the digits, by code, 50 a page',
        tags,
        body: z.object({ keyword: z.string().max(20), page: z.number().int().min(1).max(100000).default(1) }),
        response: {
          200: z.object({
            tag: z.enum(['success', 'error']),
            msg: z.string().optional(),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            dataset: datasetInfo,
            data: z.array(
              z.object({
                location: z.string(),
                hs_code: z.string(),
                commodity_name: z.string(),
                legal_unit_1: z.string(),
                legal_unit_2: z.string(),
                regulatory_condition: z.string(),
                export_tax_rate: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const check = checkHsKeyword(req.body.keyword);
      if (!check.ok) throw badRequest(check.message);
      const dataset = await latestImport(app.db.kysely, 'hs-cn');
      const { total, rows } = await searchHsCodes(app.db.kysely, check.digits, req.body.page, HS_PAGE_SIZE);
      const base = { total, page: req.body.page, pageSize: HS_PAGE_SIZE, dataset, data: rows };
      if (!dataset) return { ...base, tag: 'error' as const, msg: '未导入海关编码数据' };
      return total
        ? { ...base, tag: 'success' as const, msg: `共找到${total}条记录` }
        : { ...base, tag: 'error' as const, msg: '没有找到相关记录' };
    },
  );

  app.get(
    '/utils/v1/etd-eci/requirement',
    {
      schema: {
        summary: "ETD/ECI rules from an origin's export side to a destination's import side",
        tags,
        querystring: z.object({ from: alpha2, to: alpha2 }),
        response: { 200: z.object({ dataset: datasetInfo, from: countryEnd, to: countryEnd }) },
      },
    },
    async (req) => {
      const { byAlpha2 } = countryCatalog();
      for (const code of [req.query.from, req.query.to])
        if (!byAlpha2.has(code)) throw badRequest(`unknown country code ${code}`);
      const rules = await etdRules(app.db.kysely, [req.query.from, req.query.to]);
      const end = (code: string, side: 'export' | 'import') => {
        const c = byAlpha2.get(code)!;
        const rule = rules.find((r) => r.alpha_2 === code);
        return {
          alpha_2: code,
          name: c.name,
          name_cn: c.name_cn,
          side: rule ? (side === 'export' ? exportSide(rule) : importSide(rule)) : null,
        };
      };
      return {
        dataset: await latestImport(app.db.kysely, 'etd-eci'),
        from: end(req.query.from, 'export'),
        to: end(req.query.to, 'import'),
      };
    },
  );

  app.get(
    '/utils/v1/etd-eci',
    {
      schema: {
        summary: 'Every imported ETD/ECI rule with country names',
        tags,
        response: { 200: z.object({ dataset: datasetInfo, data: z.array(etdRow) }) },
      },
    },
    async () => {
      const { byAlpha2 } = countryCatalog();
      const rules = await etdRules(app.db.kysely);
      return {
        dataset: await latestImport(app.db.kysely, 'etd-eci'),
        data: rules.map((r) => ({
          ...r,
          name: byAlpha2.get(r.alpha_2)?.name ?? r.alpha_2,
          name_cn: byAlpha2.get(r.alpha_2)?.name_cn ?? '',
        })),
      };
    },
  );

  app.post(
    '/postal/lookup',
    {
      schema: {
        summary: 'Cities a postal code belongs to (offline data now, the carrier postal API later)',
        tags,
        body: z.object({ countryCode: alpha2, postalCode: z.string().trim().min(1, 'enter a postal code').max(12) }),
        response: { 200: z.array(postalPlace) },
      },
    },
    async (req) => lookupPostal(postal, req.log, req.body.countryCode, req.body.postalCode),
  );
};
