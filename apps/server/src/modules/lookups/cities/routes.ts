import { registerRoute } from '../../../http/routes.js';
import { countryCatalog } from '../regions/countries.js';
import { adminName } from './subdivisions.js';
import type { ModulePlugin } from '../../../module.js';

/** Search Cities: the world's cities of 1,000+ people by name prefix (the places service's city table). */
export const citiesRoutes: ModulePlugin<'places'> = async (app) => {
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
      const { cities, tookMs } = await app.services.places.searchCities(req.query.q, {
        country: req.query.country,
        limit: req.query.limit,
      });
      const { byAlpha2 } = countryCatalog();
      return {
        tookMs,
        data: cities.map((c) => {
          const admin = adminName(c.country, c.adminCode);
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

  registerRoute(
    app,
    'lookups.citiesReady',
    {
      schema: { summary: 'Whether the city index is built (false: the next search builds it first)', tags: ['utils'] },
    },
    async () => ({ ready: app.services.places.citiesReady }),
  );
};
