import { defineModule } from '../../module.js';
import { registerPrintAgent } from './agent/cli.js';
import * as m0030 from './migrations/0030_print_relay.js';
import * as m0080 from './migrations/0080_print_relay_rate.js';
import * as m0120 from './migrations/0120_print_relay_delivery.js';
import * as m0250 from './migrations/0250_print_relay_written.js';
import { printRelayRoutes } from './routes.js';
import { printRelayConfig } from './settings.js';

/** Browser Print: the remote-print relay, the agent origins the page may call, and `lab print-agent`. */
export const printRelayModule = defineModule({
  name: 'print-relay',
  api: printRelayRoutes,
  migrations: {
    '0030_print_relay': m0030,
    '0080_print_relay_rate': m0080,
    '0120_print_relay_delivery': m0120,
    '0250_print_relay_written': m0250,
  },
  commands: [registerPrintAgent],
  config: printRelayConfig,
  csp: (config) => ({ connectSrc: config.printAgentOrigins }),
});
