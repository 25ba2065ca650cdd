import { publicOrigin } from '../../http/publicOrigin.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { toHar } from './har.js';

/** GET/DELETE /lab/api/simulator/traffic… — the traffic log, as JSON and as a HAR 1.2 download. */
export const trafficRoutes: ModulePlugin<'traffic'> = async (app) => {
  const traffic = app.services.traffic;

  registerRoute(
    app,
    'simulator.traffic',
    {
      schema: {
        summary: 'The traffic log of the simulators and of gateway calls to real upstreams, newest first',
        tags: ['simulator'],
      },
    },
    async (request) => ({
      entries: await traffic.list(request.query.limit),
      total: await traffic.size(),
      maxEntries: traffic.maxEntries,
      maxBytes: traffic.maxBytes,
    }),
  );

  registerRoute(
    app,
    'simulator.trafficHar',
    {
      schema: {
        summary: 'The traffic log as an HTTP Archive (HAR 1.2) download, oldest entry first',
        tags: ['simulator'],
      },
    },
    async (request, reply) => {
      const entries = await traffic.list(Math.max(await traffic.size(), 1));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="shipping-lab-traffic-${stamp}.har"`)
        .header('cache-control', 'no-store');
      return toHar(entries, publicOrigin(request, app.config.publicBaseUrl));
    },
  );

  registerRoute(
    app,
    'simulator.clearTraffic',
    { schema: { summary: 'Empty the traffic log (shared by every instance on the database)', tags: ['simulator'] } },
    async () => ({ deleted: await traffic.clear() }),
  );
};
