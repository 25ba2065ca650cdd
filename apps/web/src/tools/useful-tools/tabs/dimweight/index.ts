import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'dimweight',
  label: 'Calculate Dim Weight',
  order: 70,
  load: () => import('./DimWeightTab'),
});
