import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/base64',
  title: 'Decode Base64',
  description: 'Decode base64 text, PDFs, PNGs and ZPL labels from API responses and logs, and preview the labels',
  zh: { title: '解码 Base64', description: '解码 API 响应和日志中的 base64 文本、PDF、PNG 和 ZPL 标签，并预览标签' },
  group: 'Apps',
  order: 20,
  keywords: ['base64', 'decode', 'pdf', 'png', 'zpl', 'label', 'preview', 'zebra', 'labelary'],
  load: () => import('./Base64Page'),
});
