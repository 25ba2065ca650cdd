import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'weirdtext',
  label: 'Translate Weird Text',
  zh: '翻译乱码文本',
  group: 'text',
  order: 110,
  load: () => import('./WeirdTextTab'),
});
