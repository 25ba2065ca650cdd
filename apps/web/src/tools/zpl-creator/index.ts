import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/zplcreator',
  title: 'ZPL Creator',
  description: 'Write ZPL with a live label preview, or generate a realistic 4×6 sample shipping label',
  group: null,
  order: 210,
  keywords: ['zpl', 'label', 'sample', 'generator', 'zebra', 'barcode', 'pdf417', 'code 128'],
  load: () => import('./ZplCreatorPage'),
});
