import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/utils/utils',
  title: 'Useful Tools',
  description: 'Everyday lookups and calculators: regions, HS codes, ETD/ECI, dim weight, tracking numbers, time…',
  zh: { title: '实用工具', description: '日常查询与计算：地区、HS 编码、ETD/ECI、体积重、运单号、时间…' },
  group: 'Apps',
  order: 10,
  keywords: ['regions', 'cities', 'hs', 'etd', 'postal', 'dim weight', 'tracking', 'account', 'time'],
  // The shown tab's chunk is requested beside the page's, not after it (tabs.ts is small).
  load: () => {
    void import('./preloadTab').then((p) => p.preloadActiveTab());
    return import('./UsefulToolsPage');
  },
});
