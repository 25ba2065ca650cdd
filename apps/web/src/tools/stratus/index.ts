import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/stratus',
  title: 'Stratus API',
  description: 'Ship a customer’s 020 transaction through the Stratus API, follow the order and preview its labels',
  zh: { title: 'Stratus 接口', description: '通过 Stratus 接口寄送客户的 020 交易，跟踪订单并预览其标签' },
  group: 'APIs',
  order: 130,
  keywords: ['stratus', 'ship', 'transaction', '020', 'label', 'order', 'greet', 'zpl', 'pdf'],
  load: () => import('./StratusPage'),
});
