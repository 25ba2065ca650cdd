import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fapi',
  title: 'FAPI Playground',
  description: 'Call the carrier’s APIs through our gateway with your own credentials',
  zh: { title: 'FAPI 调试台', description: '用自己的凭据经本站网关调用承运商 API' },
  group: 'APIs',
  order: 100,
  keywords: ['postman', 'curl', 'ship', 'rate', 'track'],
  load: () => import('./FapiPage'),
});
