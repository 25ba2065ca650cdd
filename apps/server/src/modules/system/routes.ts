import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../http/web.js';
import { serverVersion } from '../../version.js';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

export const clientConfigSchema = z.object({
  version: z.string(),
  fileShareUrl: z.string().nullable(),
  publicBaseUrl: z.string().nullable(),
  /** Base of the ZPL conversion service (…/v1/printers/{dpmm}/labels/{size}/{index}/). */
  labelServiceUrl: z.string(),
});

/** Health and the few server settings the web app needs at run time. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { summary: 'Liveness and database check', tags: ['system'], response: { 200: healthSchema } } },
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
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      version: serverVersion,
      fileShareUrl: app.config.fileShareUrl ?? null,
      publicBaseUrl: app.config.publicBaseUrl ?? null,
      labelServiceUrl: app.config.labelServiceUrl ?? `${API_PREFIX}/labels`,
    }),
  );
};
