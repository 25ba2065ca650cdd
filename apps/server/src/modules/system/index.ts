import { defineModule } from '../../module.js';
import { systemRoutes } from './routes.js';

/** Health and the settings the web app reads at start. */
export const systemModule = defineModule({ name: 'system', api: systemRoutes });
