import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'regions', label: 'Search Regions', order: 10, load: () => import('./RegionsTab') });
