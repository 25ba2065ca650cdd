import { defineTool } from '@/tools/types';

export default defineTool({
  path: '*',
  title: 'Not found',
  description: 'Shown for any unknown path',
  group: null,
  order: 10_000,
  hideFromCatalogue: true,
  load: () => import('./NotFoundPage'),
});
