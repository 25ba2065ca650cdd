import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, derived from this file's place (src/ or dist/ of apps/server). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The carrier's reference data the tests and benchmarks read (read-only, beside the checkout). */
export const referenceDir = path.resolve(repoRoot, '../shared/reference');
