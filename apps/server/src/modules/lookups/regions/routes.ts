import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countriesReply,
  m49Reply,
  regionSearchBody,
  regionSearchReply,
  usStatesQuery,
  usStatesReply,
} from '@lab/core/contract';
import { EMPTY_KEYWORD, filterUsStates, NO_RESULTS, US_STATES } from '@lab/core/regions';
import { badRequest } from '../../../http/errors.js';
import { countryCatalog } from './countries.js';
import { servedOverrides } from './repo.js';
import { regionRecord, selectCountries } from './service.js';

const tags = ['utils'];

/** Search Regions (ISO 3166 + UN M49 + the carrier's served/postal-routed overrides) and US states. */
export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/utils/v1/iso3166/regions',
    {
      schema: {
        summary: 'Search countries by alpha-2, alpha-3, English/Chinese name or UN M49 region',
        tags,
        body: regionSearchBody,
        response: { 200: regionSearchReply },
      },
    },
    async (req) => {
      const { type, keyword, regions } = req.body;
      if (type === 'region' ? !regions?.length : !keyword?.trim()) throw badRequest(EMPTY_KEYWORD);
      const overrides = await servedOverrides(app.db.kysely);
      const data = selectCountries(countryCatalog().list, { type, keyword, regions }).map((c) =>
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
        response: { 200: countriesReply },
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

  app.get(
    '/utils/v1/m49',
    {
      schema: { summary: 'UN M49 regions → sub-regions → intermediate regions', tags, response: { 200: m49Reply } },
    },
    async () => ({ data: countryCatalog().m49Tree }),
  );

  app.get(
    '/utils/v1/us-states',
    {
      schema: {
        summary: 'The 50 US states, DC and PR: code, name, capital, time zones',
        tags,
        querystring: usStatesQuery,
        response: { 200: usStatesReply },
      },
    },
    async (req) => ({
      data: filterUsStates(req.query.q, US_STATES).map((s) => ({ ...s, timeZones: [...s.timeZones] })),
    }),
  );
};
