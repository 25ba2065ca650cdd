import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fdxwebhook',
  title: 'Shipment Visibility Webhook',
  description:
    'Receive the carrier’s shipment-visibility webhooks live, check their signatures and read them against the schema',
  group: null,
  order: 200,
  keywords: ['webhook', 'fdx', 'signature', 'hmac', 'tracking', 'visibility', 'security token'],
  load: () => import('./FdxWebhookPage'),
});
