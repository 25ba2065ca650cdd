import { defineModule } from '../../module.js';
import { createGatewayRoutes } from './routes.js';
import { gatewayConfig } from './settings.js';

/**
 * The carrier/Stratus gateway: same-origin routes under /lab/api/carrier and /lab/api/stratus that
 * forward to configured upstreams (default: the built-in simulators, over HTTP). Nothing is stored.
 * To also allow operation paths of imported OpenAPI documents, build the api with
 * `createGatewayRoutes({ isAllowed })`.
 */
export const gatewayModule = defineModule({
  name: 'gateway',
  api: createGatewayRoutes(),
  config: gatewayConfig,
});
