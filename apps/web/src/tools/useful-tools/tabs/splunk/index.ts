import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'splunk', label: 'FAPI Splunk', order: 130, load: () => import('./SplunkTab') });
