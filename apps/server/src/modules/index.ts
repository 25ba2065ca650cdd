import type { LabModule } from '../module.js';
import { carrierSimModule } from './carrier-sim/index.js';
import { gatewayModule } from './gateway/index.js';
import { labelsModule } from './labels/index.js';
import { lookupsModule } from './lookups/index.js';
import { openApiModule } from './openapi/index.js';
import { printRelayModule } from './print-relay/index.js';
import { shippingModule } from './shipping/index.js';
import { simModule } from './sim/index.js';
import { simFaultsModule } from './sim-faults/index.js';
import { stratusSimModule } from './stratus-sim/index.js';
import { systemModule } from './system/index.js';
import { trafficModule } from './traffic/index.js';
import { transactionsModule } from './transactions/index.js';
import { twinCredentialsModule } from './twin-credentials/index.js';
import { webhooksModule } from './webhooks/index.js';

/**
 * Every server module, in registration order. Adding a module is its folder plus one line here:
 * app.ts mounts its routes, the database applies its migrations and seeds, `lab import` knows its
 * datasets, `lab` its commands, and loadConfig reads its settings.
 */
export const labModules: readonly LabModule[] = [
  systemModule,
  labelsModule,
  webhooksModule,
  lookupsModule,
  shippingModule,
  transactionsModule,
  gatewayModule,
  simModule,
  simFaultsModule,
  twinCredentialsModule,
  openApiModule,
  trafficModule,
  carrierSimModule,
  stratusSimModule,
  printRelayModule,
];
