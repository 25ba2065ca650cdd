import { defineTab } from '../../tabs';

export default defineTab({ key: 'worldtime', label: 'World Time', order: 100, load: () => import('./WorldTimeTab') });
