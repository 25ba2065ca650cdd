import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'cities', label: 'Search Cities', order: 20, load: () => import('./CitiesTab') });
