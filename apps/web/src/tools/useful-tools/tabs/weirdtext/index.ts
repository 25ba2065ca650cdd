import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'weirdtext',
  label: 'Translate Weird Text',
  order: 110,
  load: () => import('./WeirdTextTab'),
});
