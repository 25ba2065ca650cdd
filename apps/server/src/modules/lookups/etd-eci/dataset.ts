import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import { REQUIREMENT_LEVELS } from '@lab/core/regions';
import type { Dataset } from '../../../imports/registry.js';
import { assertUnique, insertInBatches } from '../../../imports/rows.js';
import { cellText, knownAlpha2, yesNo } from '../fields.js';

const level = cellText.transform((s) => s.toUpperCase()).pipe(z.enum(REQUIREMENT_LEVELS));

const row = z.object({
  alpha_2: knownAlpha2,
  etd_export: yesNo,
  etd_import: yesNo,
  eci_export: yesNo,
  eci_import: yesNo,
  signature_export: level,
  signature_import: level,
  letterhead_export: level,
  letterhead_import: level,
});

type Row = z.infer<typeof row>;
const flag = (v: boolean) => (v ? 1 : 0);

/**
 * `lab import etd-eci <csv|xlsx> --dataset 2023-03`: the carrier's ETD/ECI rules per country
 * (YES/NO and OPTIONAL/REQUIRED/PROHIBITED). The file replaces the previous rules.
 */
export const etdEciDataset: Dataset<Row> = {
  name: 'etd-eci',
  format: DATASET_FILES['etd-eci'],
  description: 'ETD/ECI, signature and letterhead rules per country (Search ETD/ECI)',
  options: [{ name: 'dataset', description: 'label of the data release, e.g. 2023-03', required: true }],
  row,
  async write(trx, rows) {
    assertUnique(rows, (r) => r.alpha_2, 'country');
    await trx.deleteFrom('etd_eci').execute();
    await insertInBatches(rows, 500, (batch) =>
      trx
        .insertInto('etd_eci')
        .values(
          batch.map((r) => ({
            ...r,
            etd_export: flag(r.etd_export),
            etd_import: flag(r.etd_import),
            eci_export: flag(r.eci_export),
            eci_import: flag(r.eci_import),
          })),
        )
        .execute(),
    );
  },
};
