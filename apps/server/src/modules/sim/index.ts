import { defineModule } from '../../module.js';
import { registerSimWebhooks } from './cli.js';
import { simConfig } from './settings.js';
import { createWebhookSender, type WebhookSender } from './webhooks.js';

declare module '../../module.js' {
  interface LabServices {
    /** The simulators' signed shipment-visibility webhooks (SIM_WEBHOOK_URL), sent through `outbound`. */
    webhookSender: WebhookSender;
  }
}

/** What the simulators share: SIM_* settings and the signed webhooks they post (`lab sim webhooks` too). */
export const simModule = defineModule({
  name: 'sim',
  commands: [registerSimWebhooks],
  config: simConfig,
  needs: ['outbound'],
  provides: { webhookSender: createWebhookSender },
});
