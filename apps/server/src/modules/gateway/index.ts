import { HttpClient } from '../../http/outbound.js';
import { defineModule } from '../../module.js';
import { createGatewayRoutes } from './routes.js';
import { gatewayConfig } from './settings.js';

declare module '../../module.js' {
  interface LabServices {
    /** The app's one outbound HTTP client (keep-alive pools per timeout profile), closed with the app. */
    outbound: HttpClient;
  }
}

/**
 * The carrier/Stratus gateway: same-origin routes under /lab/api/carrier and /lab/api/stratus that
 * forward to configured upstreams (default: the built-in simulators, over HTTP). Nothing is stored.
 * Besides the catalogue, operation paths of imported OpenAPI documents are allowed (the `isAllowed`
 * seam, answered by the OpenAPI store's operation index). It provides the app's outbound client.
 */
export const gatewayModule = defineModule({
  name: 'gateway',
  api: createGatewayRoutes({
    isAllowed: async (method, path, app) => (await app.services.openApi.store.operationAt(method, path)) !== undefined,
  }),
  config: gatewayConfig,
  needs: ['openApi'],
  provides: { outbound: () => new HttpClient() },
});
