import { defineTab } from '../../tabs';

export default defineTab({
  key: 'tracking',
  label: 'Calculate Tracking #',
  order: 80,
  load: () => import('./TrackingTab'),
});
