import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/base64',
  title: 'Decode Base64',
  description: 'Decode base64 text, PDFs, PNGs and ZPL labels from API responses and logs, and preview the labels',
  group: 'Apps',
  order: 20,
  keywords: ['base64', 'decode', 'pdf', 'png', 'zpl', 'label', 'preview', 'zebra', 'labelary'],
  load: () => import('./Base64Page'),
});
