import path from 'node:path';
import { DEFAULT_DEFINITIONS_VERSION } from '@lab/core/transactions';
import type { Seeder } from '../../db/seeds.js';
import { runImport } from '../../imports/registry.js';
import { starterDataset } from './dataset.js';
import { repoRoot } from '../../paths.js';
import { DATASET_NAME } from './repo.js';

const STARTER_VERSION = DEFAULT_DEFINITIONS_VERSION;
export const starterFile = path.join(repoRoot, 'data', 'transactions', `${STARTER_VERSION}.json`);

/**
 * The starter definitions (field ids and names of types 020 and 120, nothing else known), loaded
 * through the importer so the load is logged like any other import; definitions already in the
 * database are kept.
 */
export const transactionsSeeder: Seeder = {
  name: `transactions-${STARTER_VERSION}`,
  run: async (db, log) => {
    const report = await runImport(db, [starterDataset], DATASET_NAME, starterFile, { version: STARTER_VERSION });
    if (!report.ok) throw new Error(`starter definitions rejected: ${JSON.stringify(report.rejected.slice(0, 3))}`);
    log.info({ rows: report.imported, file: starterFile }, 'starter transaction definitions loaded');
  },
};
