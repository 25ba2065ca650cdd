import { defineModule } from '../../module.js';
import { systemRoutes } from './routes.js';
import { mapConfig, mapTileOrigin } from './settings.js';

/** Health and the settings the web app reads at start (the label service's URL is the labels module's). */
export const systemModule = defineModule({
  name: 'system',
  api: systemRoutes,
  config: mapConfig,
  needs: ['labelServiceUrl'],
  csp: (config) => {
    const origin = mapTileOrigin(config.mapTileUrl);
    return origin ? { imgSrc: [origin] } : {};
  },
});
