export { Captioned } from './Captioned';
