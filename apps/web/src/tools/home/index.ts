import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/',
  title: 'Home',
  description: 'All the tools, grouped as in the menu',
  zh: { title: '首页', description: '所有工具，按菜单分组' },
  group: null,
  order: 0,
  hideFromCatalogue: true,
  load: () => import('./HomePage'),
});
