import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/zplcreator',
  title: 'ZPL Creator',
  description: 'Write ZPL with a live label preview, or generate a realistic 4×6 sample shipping label',
  zh: { title: 'ZPL 生成器', description: '编写 ZPL 并实时预览标签，或生成逼真的 4×6 样例运单标签' },
  group: 'Apps',
  order: 210,
  keywords: ['zpl', 'label', 'sample', 'generator', 'zebra', 'barcode', 'pdf417', 'code 128'],
  load: () => import('./ZplCreatorPage'),
});
