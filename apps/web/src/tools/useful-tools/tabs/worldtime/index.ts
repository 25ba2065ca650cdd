import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'worldtime',
  label: 'World Time',
  zh: '世界时间',
  group: 'lookups',
  order: 100,
  load: () => import('./WorldTimeTab'),
});
