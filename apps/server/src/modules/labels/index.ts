import { defineModule } from '../../module.js';
import { registerZpl } from './cli.js';
import { labelRoutes } from './routes.js';
import { appLabelRenderer, type LabelService } from './service.js';
import { labelServiceOrigin, labelsConfig } from './settings.js';
import { labelTools } from './tools.js';

declare module '../../module.js' {
  interface LabServices {
    /**
     * ZPL → PNG/PDF (and image → ZPL graphic) over the app's one render pool: every module that
     * renders uses it (`needs: ['labelRenderer']`), passing its client key with each call.
     */
    labelRenderer: LabelService;
    /** Where the web app sends its label requests (LABEL_SERVICE_URL, else this server's label routes). */
    labelServiceUrl: string;
  }
}

/** ZPL → PNG/PDF conversion service (Labelary-shaped routes), the app's label renderer and `lab zpl render`. */
export const labelsModule = defineModule({
  name: 'labels',
  api: labelRoutes,
  commands: [registerZpl],
  tools: labelTools,
  config: labelsConfig,
  provides: {
    labelRenderer: ({ config }) => appLabelRenderer(config),
    labelServiceUrl: ({ config }) => config.labelServiceUrl,
  },
  csp: (config) => {
    const origin = labelServiceOrigin(config.labelServiceUrl);
    return origin ? { connectSrc: [origin] } : {};
  },
});
