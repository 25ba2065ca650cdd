import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/utils',
  title: 'Useful Tools',
  description: 'Everyday lookups and calculators: regions, HS codes, ETD/ECI, dim weight, tracking numbers, time…',
  group: 'Apps',
  order: 10,
  keywords: ['regions', 'cities', 'hs', 'etd', 'postal', 'dim weight', 'tracking', 'account', 'time'],
  load: () => import('./UsefulToolsPage'),
});
