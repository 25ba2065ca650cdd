import { defineModule } from '../../module.js';
import { createGatewayRoutes } from './routes.js';
import { gatewayConfig } from './settings.js';

/**
 * The carrier/Stratus gateway: same-origin routes under /lab/api/carrier and /lab/api/stratus that
 * forward to configured upstreams (default: the built-in simulators, over HTTP). Nothing is stored.
 * Only the enabled entries of the endpoint catalogue (`@lab/core/carrier`) are forwarded: imported
 * OpenAPI documents add no route. It calls out through the app's outbound client (`app.outbound`).
 */
export const gatewayModule = defineModule({
  name: 'gateway',
  api: createGatewayRoutes(),
  config: gatewayConfig,
  needs: ['traffic'],
});
