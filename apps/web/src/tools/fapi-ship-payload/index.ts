import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fapishippayloadgenerator',
  title: 'Payload Generator',
  description: 'Build a create-shipment request interactively, see it as JSON and check it against the ship document',
  zh: { title: '运单报文生成器', description: '交互式构建创建运单请求，查看 JSON 并按运单 API 文档校验' },
  group: 'APIs',
  order: 120,
  keywords: ['ship', 'payload', 'generator', 'shipment', 'json', 'etd', 'fapi', 'experiment'],
  load: () => import('./ShipPayloadPage'),
});
