import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { labCli, referenceDir, type CliResult } from './browser';

/**
 * The lookup datasets the e2e database holds. Every file that shows screens reading them imports them
 * first (an import replaces the dataset, so importing again yields the same state): what a screen shows
 * then never depends on which file ran first against the one shared server.
 */
export async function importHsReference(): Promise<CliResult> {
  return labCli(['import', 'hs-cn', path.join(referenceDir, 'hs/harmonized-system.csv'), '--dataset', 'HS2022']);
}

/** Two ETD/ECI lanes, CN and US, as dataset 2023-03. */
export const ETD_LANES_CSV =
  'alpha_2,etd_export,etd_import,eci_export,eci_import,signature_export,signature_import,letterhead_export,letterhead_import\n' +
  'CN,YES,NO,YES,NO,OPTIONAL,REQUIRED,OPTIONAL,PROHIBITED\n' +
  'US,NO,YES,NO,YES,REQUIRED,OPTIONAL,REQUIRED,OPTIONAL\n';

export async function importEtdLanes(): Promise<CliResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-etd-'));
  try {
    const csv = path.join(dir, 'etd.csv');
    fs.writeFileSync(csv, ETD_LANES_CSV);
    return await labCli(['import', 'etd-eci', csv, '--dataset', '2023-03']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
