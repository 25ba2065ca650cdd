import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/',
  title: 'Home',
  description: 'All the tools, grouped as in the menu',
  group: null,
  order: 0,
  hideFromCatalogue: true,
  load: () => import('./HomePage'),
});
