import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'hs', label: 'Search HS Code (CN)', order: 40, load: () => import('./HsTab') });
