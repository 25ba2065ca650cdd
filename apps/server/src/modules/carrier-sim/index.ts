import { defineModule, registerPlugin } from '../../module.js';
import * as m0060 from './migrations/0060_carrier_sim_state.js';
import * as m0100 from './migrations/0100_carrier_sim_lifecycle.js';
import * as m0140 from './migrations/0140_carrier_sim_jobs.js';
import * as m0160 from './migrations/0160_carrier_sim_ground_close.js';
import * as m0150 from './migrations/0150_carrier_sim_track.js';
import { carrierSimApiRoutes } from './api.js';
import { carrierSimRoutes } from './routes.js';
import { SimStore } from './repo.js';
import { carrierSimConfig } from './settings.js';
import { carrierSimTools } from './tools.js';
import './tables.js';

declare module '../../module.js' {
  interface LabServices {
    /**
     * The carrier twin's state in the database (shipments, open shipments, pickups, uploads): one per
     * app, shared by the twin's routes under /lab/sim and its Simulator routes under /lab/api.
     */
    twinStore: SimStore;
  }
}

/**
 * The offline carrier simulator under /lab/sim/carrier and /lab/sim/carrier-documents (sandbox;
 * production below /production on each), its state in its own tables.
 */
export const carrierSimModule = defineModule({
  name: 'carrier-sim',
  sim: async (app) => {
    app.services.traffic.instrument(app, { source: 'carrier-sim' });
    app.services.simFaults.instrument(app);
    await registerPlugin(app, carrierSimRoutes);
  },
  config: carrierSimConfig,
  api: carrierSimApiRoutes,
  migrations: {
    '0060_carrier_sim_state': m0060,
    '0100_carrier_sim_lifecycle': m0100,
    '0140_carrier_sim_jobs': m0140,
    '0150_carrier_sim_track': m0150,
    '0160_carrier_sim_ground_close': m0160,
  },
  needs: [
    'labelRenderer',
    'openApi',
    'places',
    'webhookSender',
    'simClock',
    'simSeed',
    'simFaults',
    'traffic',
    'twinCredentials',
  ],
  tools: carrierSimTools,
  provides: { twinStore: ({ db, config }) => new SimStore(db.kysely, config.simMaxShipments) },
});
