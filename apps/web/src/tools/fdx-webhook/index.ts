import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fdxwebhook',
  title: 'Shipment Visibility Webhook',
  description:
    'Receive the carrier’s shipment-visibility webhooks live, check their signatures and read them against the schema',
  zh: { title: '货件可视化 Webhook', description: '实时接收承运商的货件可视化 webhook，校验签名并对照 schema 阅读' },
  group: 'APIs',
  order: 200,
  keywords: ['webhook', 'fdx', 'signature', 'hmac', 'tracking', 'visibility', 'security token'],
  load: () => import('./FdxWebhookPage'),
});
