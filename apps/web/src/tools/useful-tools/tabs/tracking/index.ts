import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'tracking',
  label: 'Calculate Tracking #',
  zh: '计算运单号',
  group: 'calculators',
  order: 80,
  load: () => import('./TrackingTab'),
});
