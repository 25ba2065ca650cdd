import { defineModule } from '../../module.js';
import { createSimFaults, type SimFaults } from './faults.js';
import * as m0110 from './migrations/0110_sim_faults.js';
import { simFaultRoutes } from './routes.js';
import './tables.js';

declare module '../../module.js' {
  interface LabServices {
    /** The carrier simulator's faults (stored, shared by instances) and the hooks that inject them. */
    simFaults: SimFaults;
  }
}

/**
 * Fault injection for the carrier simulator: per catalogue endpoint (or oauth-token) a latency, an
 * error status for a rate of calls, "token expired" or a hang; stored in the database, applied by
 * `app.services.simFaults.instrument(app)` in the carrier-sim's `sim` plugin, or asked for one
 * call by the x-sim-fault header.
 */
export const simFaultsModule = defineModule({
  name: 'sim-faults',
  api: simFaultRoutes,
  migrations: { '0110_sim_faults': m0110 },
  provides: { simFaults: createSimFaults },
});
