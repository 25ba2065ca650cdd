import { defineModule } from '../../module.js';
import { stratusSimRoutes } from './routes.js';
import { stratusSimConfig } from './settings.js';

/** The offline Stratus (ship-by-transaction API) under /lab/sim/stratus. */
export const stratusSimModule = defineModule({
  name: 'stratus-sim',
  sim: async (app) => {
    await app.register(stratusSimRoutes);
  },
  config: stratusSimConfig,
  needs: ['labelRenderer'],
});
