import { registerRoute } from '../../http/routes.js';
import { serverVersion } from '../../version.js';
import type { ModulePlugin } from '../../module.js';

/** Health and the few server settings the web app needs at run time. */
export const systemRoutes: ModulePlugin<'labelServiceUrl'> = async (app) => {
  registerRoute(
    app,
    'system.health',
    { schema: { summary: 'Liveness and database check', tags: ['system'] } },
    async () => {
      await app.db.kysely.selectFrom('seed_runs').select('name').limit(1).execute();
      return { status: 'ok' as const, database: app.db.dialect, version: serverVersion };
    },
  );

  registerRoute(
    app,
    'system.config',
    { schema: { summary: 'Settings the web app reads at start', tags: ['system'] } },
    async (request) => ({
      version: serverVersion,
      fileShareUrl: app.config.fileShareUrl ?? null,
      publicBaseUrl: app.config.publicBaseUrl ?? null,
      labelServiceUrl: app.services.labelServiceUrl,
      mapTileUrl: app.config.mapTileUrl ?? null,
      mapTileAttribution: app.config.mapTileAttribution ?? null,
      user: request.user ?? null,
      carrierTwin: {
        sandbox: !app.config.gatewayUpstreams?.carrierSandbox,
        production: !app.config.gatewayUpstreams?.carrierProduction,
      },
    }),
  );
};
