import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/fapi',
  title: 'FAPI Playground',
  description: 'Call every carrier API endpoint through our gateway with your own credentials, read the answer',
  zh: { title: 'FAPI 调试台', description: '用自己的凭据经由本站网关调用承运商的每个 API，查看返回结果' },
  group: 'APIs',
  order: 100,
  keywords: ['fapi', 'api', 'playground', 'postman', 'carrier', 'ship', 'rate', 'track', 'curl', 'credential'],
  load: () => import('./FapiPage'),
});
