import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'logs',
  label: 'Log Beautifier',
  zh: '日志美化',
  group: 'text',
  order: 120,
  load: () => import('./LogsTab'),
});
