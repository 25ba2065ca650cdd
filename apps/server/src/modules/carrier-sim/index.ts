import { defineModule } from '../../module.js';
import { carrierSimRoutes } from './routes.js';
import { carrierSimConfig } from './settings.js';

/** The offline carrier simulator under /lab/sim/carrier and /lab/sim/carrier-documents. */
export const carrierSimModule = defineModule({
  name: 'carrier-sim',
  sim: carrierSimRoutes,
  config: carrierSimConfig,
  needs: ['labelRenderer'],
});
