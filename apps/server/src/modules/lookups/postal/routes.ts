import { registerRoute } from '../../../http/routes.js';
import type { ModulePlugin } from '../../../module.js';
import { lookupPostal, offlinePostalProvider, type PostalProvider } from './provider.js';

/** Postal code → city. */
export const postalRoutes: ModulePlugin = async (app) => {
  // The carrier's postal API becomes a second PostalProvider; until then the offline one answers.
  const postal: PostalProvider = offlinePostalProvider(app.db.kysely);

  registerRoute(
    app,
    'lookups.postal',
    {
      schema: {
        summary: 'Cities a postal code belongs to (offline data now, the carrier postal API later)',
        tags: ['utils'],
      },
    },
    async (req) => lookupPostal(postal, req.log, req.body.countryCode, req.body.postalCode),
  );
};
