import { defineTab } from '../../tabs';

export default defineTab({ key: 'logs', label: 'Log Beautifier', order: 120, load: () => import('./LogsTab') });
