import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'postal',
  label: 'Postal Code Lookup',
  zh: '邮编查询',
  group: 'lookups',
  order: 60,
  load: () => import('./PostalTab'),
});
