import { defineModule } from '../../module.js';
import { systemRoutes } from './routes.js';
import { mapConfig, mapTileOrigin } from './settings.js';

/** Health and the settings the web app reads at start. */
export const systemModule = defineModule({
  name: 'system',
  api: systemRoutes,
  config: mapConfig,
  csp: (config) => {
    const origin = mapTileOrigin(config.mapTileUrl);
    return origin ? { imgSrc: [origin] } : {};
  },
});
