import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'dimweight',
  label: 'Calculate Dim Weight',
  zh: '计算体积重',
  group: 'calculators',
  order: 70,
  load: () => import('./DimWeightTab'),
});
