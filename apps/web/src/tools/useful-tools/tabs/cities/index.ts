import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'cities',
  label: 'Search Cities',
  zh: '搜索城市',
  group: 'lookups',
  order: 20,
  load: () => import('./CitiesTab'),
});
