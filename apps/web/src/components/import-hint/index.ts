export { ImportHint } from './ImportHint';
