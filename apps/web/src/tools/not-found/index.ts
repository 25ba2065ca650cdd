import { defineTool } from '@/tools/types';

export default defineTool({
  path: '*',
  title: 'Not found',
  description: 'Shown for any unknown path',
  zh: { title: '页面不存在', description: '任何未知路径都显示此页' },
  group: null,
  order: 10_000,
  hideFromCatalogue: true,
  load: () => import('./NotFoundPage'),
});
