import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'states', label: 'Search US States', order: 30, load: () => import('./StatesTab') });
