import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'tracking',
  label: 'Calculate Tracking #',
  order: 80,
  load: () => import('./TrackingTab'),
});
