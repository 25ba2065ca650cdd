import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/etdimage',
  title: 'ETD Image',
  description: 'Crop a letterhead or signature image to the trade-document sizes (PNG, exact pixels)',
  group: 'Apps',
  order: 50,
  keywords: ['etd', 'image', 'crop', 'letterhead', 'signature', 'png', 'trade documents'],
  load: () => import('./EtdImagePage'),
});
