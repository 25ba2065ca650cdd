import { defineModule } from '../../module.js';
import { registerSim } from './cli.js';
import { simConfig } from './settings.js';

/** What the simulators share: SIM_* settings, `lab sim` and the signed webhooks they post. */
export const simModule = defineModule({
  name: 'sim',
  commands: [registerSim],
  config: simConfig,
});
