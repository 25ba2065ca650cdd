import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'hs',
  label: 'Search HS Code (CN)',
  zh: '查询 HS 编码（中国）',
  group: 'lookups',
  order: 40,
  load: () => import('./HsTab'),
});
