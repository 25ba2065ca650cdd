import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigReply, healthReply } from '@lab/core/contract';
import { API_PREFIX } from '../../http/web.js';
import { serverVersion } from '../../version.js';

/** Health and the few server settings the web app needs at run time. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { summary: 'Liveness and database check', tags: ['system'], response: { 200: healthReply } } },
    async () => {
      await app.db.kysely.selectFrom('seed_runs').select('name').limit(1).execute();
      return { status: 'ok' as const, database: app.db.dialect, version: serverVersion };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        summary: 'Settings the web app reads at start',
        tags: ['system'],
        response: { 200: clientConfigReply },
      },
    },
    async (request) => ({
      version: serverVersion,
      fileShareUrl: app.config.fileShareUrl ?? null,
      publicBaseUrl: app.config.publicBaseUrl ?? null,
      labelServiceUrl: app.config.labelServiceUrl ?? `${API_PREFIX}/labels`,
      mapTileUrl: app.config.mapTileUrl ?? null,
      mapTileAttribution: app.config.mapTileAttribution ?? null,
      user: request.user ?? null,
    }),
  );
};
