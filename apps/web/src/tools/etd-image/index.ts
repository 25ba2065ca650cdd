import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/etdimage',
  title: 'ETD Image',
  description: 'Crop a letterhead or signature image to the trade-document sizes (PNG, exact pixels)',
  zh: { title: 'ETD 图片', description: '把信头或签名图片裁剪为贸易文件要求的尺寸（PNG，精确像素）' },
  group: 'Apps',
  order: 50,
  keywords: ['etd', 'image', 'crop', 'letterhead', 'signature', 'png', 'trade documents'],
  load: () => import('./EtdImagePage'),
});
