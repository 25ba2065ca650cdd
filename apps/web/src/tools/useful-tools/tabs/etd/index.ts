import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'etd', label: 'Search ETD/ECI', order: 50, load: () => import('./EtdTab') });
