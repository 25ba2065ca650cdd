import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'regions',
  label: 'Search Regions',
  zh: '搜索地区',
  group: 'lookups',
  order: 10,
  load: () => import('./RegionsTab'),
});
