import { subdivisionName } from '@lab/core/regions';
import { registerRoute } from '../../../http/routes.js';
import { countryCatalog } from '../regions/countries.js';
import type { ModulePlugin } from '../../../module.js';
import { cityIndex } from './cityIndex.js';

/** Search Cities: the world's cities of 1,000+ people by name prefix. */
export const citiesRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'lookups.cities',
    {
      schema: {
        summary: 'Cities whose name starts with q (best matches first)',
        tags: ['utils'],
      },
    },
    async (req) => {
      const index = await cityIndex(app.config.lookupDataIdleMs);
      const started = performance.now();
      const found = index.search(req.query.q, { country: req.query.country, limit: req.query.limit });
      const tookMs = performance.now() - started;
      const { byAlpha2 } = countryCatalog();
      return {
        tookMs,
        data: found.map((c) => {
          const admin = subdivisionName(c.country, c.adminCode);
          return {
            id: c.id,
            name: c.name,
            country_code: c.country,
            country_name: byAlpha2.get(c.country)?.name ?? c.country,
            country_name_cn: byAlpha2.get(c.country)?.name_cn ?? '',
            admin_code: c.adminCode,
            admin_name: admin?.name ?? null,
            admin_name_cn: admin?.name_cn ?? null,
            lat: c.lat,
            lon: c.lon,
            population: c.population,
          };
        }),
      };
    },
  );
};
