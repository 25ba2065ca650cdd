export { FilePickButton } from './FilePickButton';
