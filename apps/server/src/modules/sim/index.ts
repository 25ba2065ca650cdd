import { defineModule } from '../../module.js';
import { createSimClock, type SimClock } from './clock.js';
import { registerSimWebhooks } from './cli.js';
import * as m0090 from './migrations/0090_sim_clock_webhooks.js';
import * as m0181 from './migrations/0181_sim_secrets.js';
import { simApiRoutes } from './routes.js';
import { createSimSeed, type SimSeed } from './seed.js';
import { simConfig } from './settings.js';
import { twinClock } from './tools.js';
import { createWebhookSender, type WebhookSender } from './webhooks.js';

declare module '../../module.js' {
  interface LabServices {
    /** One simulated clock per environment (SIM_TIME_FACTOR), shared through the database; tick listeners. */
    simClock: SimClock;
    /** The simulators' signed shipment-visibility webhooks: subscriptions, an outbox, delivery through the app's outbound client. */
    webhookSender: WebhookSender;
    /** SIM_SEED for the simulators: reproducible ids, seeded generators, token keys shared through the database. */
    simSeed: SimSeed;
  }
}

/**
 * What the simulators share: SIM_* settings (the seed as the `simSeed` service), the simulated clock,
 * the webhook subscriptions and the signed webhooks they post (outbox in the database; `lab sim
 * webhooks` too). Its API is the Simulator's clock and subscriptions under /lab/api/simulator.
 */
export const simModule = defineModule({
  name: 'sim',
  api: simApiRoutes,
  commands: [registerSimWebhooks],
  tools: [twinClock],
  config: simConfig,
  migrations: { '0090_sim_clock_webhooks': m0090, '0181_sim_secrets': m0181 },
  provides: { simClock: createSimClock, webhookSender: createWebhookSender, simSeed: createSimSeed },
});
