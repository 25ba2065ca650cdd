import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'etd',
  label: 'Search ETD/ECI',
  zh: '查询 ETD/ECI',
  group: 'lookups',
  order: 50,
  load: () => import('./EtdTab'),
});
