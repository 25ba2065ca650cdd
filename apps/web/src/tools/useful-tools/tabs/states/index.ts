import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'states',
  label: 'Search US States',
  zh: '搜索美国州',
  group: 'lookups',
  order: 30,
  load: () => import('./StatesTab'),
});
