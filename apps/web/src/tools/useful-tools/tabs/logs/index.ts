import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'logs', label: 'Log Beautifier', order: 120, load: () => import('./LogsTab') });
