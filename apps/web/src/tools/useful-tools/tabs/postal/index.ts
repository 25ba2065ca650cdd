import { defineTab } from '../../tabs';

export default defineTab({ key: 'postal', label: 'Postal Code Lookup', order: 60, load: () => import('./PostalTab') });
