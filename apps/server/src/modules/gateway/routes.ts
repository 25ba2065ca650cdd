import type { ModulePlugin } from '../../module.js';
import { carrierRoutes } from './carrierRoutes.js';
import { forwarding } from './forward.js';
import { stratusRoutes } from './stratusRoutes.js';
import { upstreamsOf } from './upstreams.js';

/**
 * The carrier/Stratus gateway under /lab/api: the browser calls these same-origin routes, which
 * forward to configured upstreams only (default: the built-in simulators over HTTP). Refusals are
 * `HttpError`s, answered `{message}` by the app's error handler.
 */
export function createGatewayRoutes(): ModulePlugin<'traffic'> {
  return async (app) => {
    // Bodies are forwarded as received: raw bytes for JSON/forms, the live stream for multipart.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: app.config.bodyLimitBytes }, (_req, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('multipart/form-data', (_req, payload, done) => done(null, payload));

    const forward = forwarding(app, app.outbound, app.services.traffic);
    const upstreams = upstreamsOf(app);
    carrierRoutes(app, forward, upstreams);
    stratusRoutes(app, forward, upstreams);
  };
}
