import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postalLookupBody, postalLookupReply } from '@lab/core/contract';
import { lookupPostal, offlinePostalProvider, type PostalProvider } from './provider.js';

/** Postal code → city. */
export const postalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The carrier's postal API becomes a second PostalProvider; until then the offline one answers.
  const postal: PostalProvider = offlinePostalProvider(app.db.kysely);

  app.post(
    '/postal/lookup',
    {
      schema: {
        summary: 'Cities a postal code belongs to (offline data now, the carrier postal API later)',
        tags: ['utils'],
        body: postalLookupBody,
        response: { 200: postalLookupReply },
      },
    },
    async (req) => lookupPostal(postal, req.log, req.body.countryCode, req.body.postalCode),
  );
};
