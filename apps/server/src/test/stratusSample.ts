import fs from 'node:fs';
import path from 'node:path';
import { referenceDir } from '../paths.js';

/** The real 020 transaction of the reference samples (a Paris PA shipper to Italy), 187 as given. */
export const STRATUS_SAMPLE = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!
  .trim();

/**
 * The sample with its printer type (187) set, as the Stratus screen rewrites it, and more fields
 * before the end field (e.g. `116,"2"` for two packages): a transaction Stratus ships.
 */
export const stratusSample = (printer: 'ZEBRA' | 'DIB', extra = '') =>
  STRATUS_SAMPLE.replace('187,"299"', `187,"${printer}"`).replace(/99,""$/, `${extra}99,""`);
