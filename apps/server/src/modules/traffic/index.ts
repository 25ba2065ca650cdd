import { defineModule } from '../../module.js';
import { createTrafficLog, type TrafficLog } from './log.js';
import { trafficRoutes } from './routes.js';
import { trafficConfig } from './settings.js';

declare module '../../module.js' {
  interface LabServices {
    /** The traffic log: every simulator call and every gateway call to a real upstream, bounded, in memory. */
    traffic: TrafficLog;
  }
}

/**
 * The traffic log: the simulators record their calls with `app.services.traffic.instrument(app, {
 * source })` in their `sim` plugin, the gateway its calls to real upstreams with `record`. Each
 * entry is redacted as the logs are, checked against the carrier's OpenAPI document, and
 * published on the realtime bus; kept in memory per server process, bounded by count and bytes.
 */
export const trafficModule = defineModule({
  name: 'traffic',
  api: trafficRoutes,
  config: trafficConfig,
  needs: ['openApi'],
  provides: { traffic: createTrafficLog },
});
