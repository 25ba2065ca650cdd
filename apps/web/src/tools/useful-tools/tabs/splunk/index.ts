import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({
  key: 'splunk',
  label: 'FAPI Splunk',
  zh: 'FAPI Splunk',
  group: 'text',
  order: 130,
  load: () => import('./SplunkTab'),
});
