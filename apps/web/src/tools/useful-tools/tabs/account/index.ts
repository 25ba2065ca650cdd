import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'account',
  label: 'Verify Enterprise Account #',
  order: 90,
  load: () => import('./AccountTab'),
});
