import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'account',
  label: 'Verify Enterprise Account #',
  zh: '校验企业账号',
  group: 'calculators',
  order: 90,
  load: () => import('./AccountTab'),
});
