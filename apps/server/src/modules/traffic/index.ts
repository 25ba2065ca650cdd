import { defineModule } from '../../module.js';
import { createTrafficLog, type TrafficLog } from './log.js';
import * as m0180 from './migrations/0180_traffic_log.js';
import { trafficRoutes } from './routes.js';
import { trafficConfig } from './settings.js';

declare module '../../module.js' {
  interface LabServices {
    /** The traffic log: every simulator call and every gateway call to a real upstream, bounded, in the database. */
    traffic: TrafficLog;
  }
}

/**
 * The traffic log: the simulators record their calls with `app.services.traffic.instrument(app, {
 * source })` in their `sim` plugin, the gateway its calls to real upstreams with `record`. Each
 * entry is redacted as the logs are, checked against the carrier's OpenAPI document, and
 * published on the realtime bus once stored; kept in the database (every instance on it writes and
 * reads one log), bounded by count and bytes.
 */
export const trafficModule = defineModule({
  name: 'traffic',
  api: trafficRoutes,
  config: trafficConfig,
  migrations: { '0180_traffic_log': m0180 },
  needs: ['openApi'],
  provides: { traffic: createTrafficLog },
});
