import { defineModule } from '../../module.js';
import { registerWebhook } from './cli.js';
import * as m0003 from './migrations/0003_webhooks.js';
import * as m0050 from './migrations/0050_webhook_storage.js';
import { webhookReceiverRoutes } from './receiver.js';
import { webhookApiRoutes } from './routes.js';
import { webhooksConfig } from './settings.js';
import { webhookSign, webhookVerify } from './tools.js';

/** Shipment-visibility webhooks: the public receiver, the inspector API and `lab webhook`. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  api: webhookApiRoutes,
  hooks: webhookReceiverRoutes,
  migrations: { '0003_webhooks': m0003, '0050_webhook_storage': m0050 },
  commands: [registerWebhook],
  tools: [webhookSign, webhookVerify],
  config: webhooksConfig,
  needs: ['openApi'],
});
