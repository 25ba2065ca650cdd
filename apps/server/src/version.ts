import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The server package's version, reported by /lab/api/health and `lab --version`. */
export const serverVersion: string = (require('../package.json') as { version: string }).version;
