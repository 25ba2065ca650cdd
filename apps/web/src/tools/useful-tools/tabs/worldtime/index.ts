import { defineTab } from '@/tools/useful-tools/tabs';

export default defineTab({ key: 'worldtime', label: 'World Time', order: 100, load: () => import('./WorldTimeTab') });
