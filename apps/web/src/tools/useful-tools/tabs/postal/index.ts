import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'postal', label: 'Postal Code Lookup', order: 60, load: () => import('./PostalTab') });
