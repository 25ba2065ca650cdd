import { defineModule, registerPlugin } from '../../module.js';
import * as m0070 from './migrations/0070_stratus_orders.js';
import * as m0182 from './migrations/0182_stratus_tokens.js';
import { stratusSimRoutes } from './routes.js';
import { stratusSimConfig } from './settings.js';

/** The offline Stratus (ship-by-transaction API) under /lab/sim/stratus. */
export const stratusSimModule = defineModule({
  name: 'stratus-sim',
  sim: async (app) => {
    app.services.traffic.instrument(app, { source: 'stratus-sim' });
    await registerPlugin(app, stratusSimRoutes);
  },
  migrations: { '0070_stratus_orders': m0070, '0182_stratus_tokens': m0182 },
  config: stratusSimConfig,
  needs: ['labelRenderer', 'webhookSender', 'simSeed', 'traffic'],
});
