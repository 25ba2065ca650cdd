import { EMPTY_KEYWORD, filterUsStates, NO_RESULTS, US_STATES } from '@lab/core/regions';
import { badRequest } from '../../../http/errors.js';
import { registerRoute } from '../../../http/routes.js';
import type { ModulePlugin } from '../../../module.js';
import { countryCatalog } from './countries.js';
import { servedOverrides } from './repo.js';
import { regionRecord, selectCountries } from './service.js';

const tags = ['utils'];

/** Search Regions (ISO 3166 + UN M49 + the carrier's served/postal-routed overrides) and US states. */
export const regionsRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'lookups.regions',
    {
      schema: {
        summary: 'Search countries by alpha-2, alpha-3, English/Chinese name or UN M49 region',
        tags,
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

  registerRoute(
    app,
    'lookups.countries',
    {
      schema: {
        summary: 'Every ISO 3166-1 country with its English and Chinese name',
        tags,
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

  registerRoute(
    app,
    'lookups.m49',
    {
      schema: { summary: 'UN M49 regions → sub-regions → intermediate regions', tags },
    },
    async () => ({ data: countryCatalog().m49Tree }),
  );

  registerRoute(
    app,
    'lookups.usStates',
    {
      schema: {
        summary: 'The 50 US states, DC and PR: code, name, capital, time zones',
        tags,
      },
    },
    async (req) => ({
      data: filterUsStates(req.query.q, US_STATES).map((s) => ({ ...s, timeZones: [...s.timeZones] })),
    }),
  );
};
