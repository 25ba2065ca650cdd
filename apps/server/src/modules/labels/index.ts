import { defineModule } from '../../module.js';
import { registerZpl } from './cli.js';
import { labelRoutes } from './routes.js';
import { labelServiceOrigin, labelsConfig } from './settings.js';

/** ZPL → PNG/PDF conversion service (Labelary-shaped routes) and `lab zpl render`. */
export const labelsModule = defineModule({
  name: 'labels',
  api: labelRoutes,
  commands: [registerZpl],
  config: labelsConfig,
  csp: (config) => {
    const origin = labelServiceOrigin(config.labelServiceUrl);
    return origin ? { connectSrc: [origin] } : {};
  },
});
