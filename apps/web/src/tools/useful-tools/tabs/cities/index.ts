import { defineTab } from '../../tabs';

export default defineTab({ key: 'cities', label: 'Search Cities', order: 20, load: () => import('./CitiesTab') });
