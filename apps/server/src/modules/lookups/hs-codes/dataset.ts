import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import type { Dataset } from '../../../imports/registry.js';
import { readTabular, type RawRecord } from '../../../imports/tabular.js';
import { insertInBatches } from '../../../imports/rows.js';
import { cellText } from '../fields.js';

/**
 * The international HS nomenclature (section, hscode, description, parent, level) maps onto the
 * customs columns: nationwide, no units, conditions or rates. Its aggregate `TOTAL` row is not a
 * code and is left out.
 */
export function fromNomenclature(records: RawRecord[]): RawRecord[] {
  if (records.length === 0 || !('hscode' in records[0]!) || 'hs_code' in records[0]!) return records;
  return records
    .filter(
      (r) =>
        String(r.hscode ?? '')
          .trim()
          .toUpperCase() !== 'TOTAL',
    )
    .map((r) => ({
      location: 'ALL',
      hs_code: r.hscode,
      commodity_name: r.description,
      legal_unit_1: '',
      legal_unit_2: '',
      regulatory_condition: '',
      export_tax_rate: '',
    }));
}

const row = z.object({
  location: cellText.pipe(z.string().min(1, 'location is empty').max(20)),
  hs_code: cellText
    .transform((s) => s.replace(/[\s.]/g, ''))
    .pipe(z.string().regex(/^\d{2,12}$/, 'an HS code is 2 to 12 digits')),
  commodity_name: cellText.pipe(z.string().min(1, 'commodity_name is empty').max(1000)),
  legal_unit_1: cellText,
  legal_unit_2: cellText,
  regulatory_condition: cellText,
  export_tax_rate: cellText,
});

type Row = z.infer<typeof row>;

/**
 * `lab import hs-cn <csv|xlsx> [--dataset 2023-05]`: China customs commodity codes. The file
 * replaces what was loaded before; the label is shown on the HS search page.
 */
export const hsCnDataset: Dataset<Row> = {
  name: 'hs-cn',
  format: DATASET_FILES['hs-cn'],
  description: 'China customs HS codes, or the international HS nomenclature (Search HS Code)',
  options: [{ name: 'dataset', description: 'label of the data release, e.g. 2023-05' }],
  read: async (file) => fromNomenclature(await readTabular(file)),
  row,
  async write(trx, rows) {
    await trx.deleteFrom('hs_codes').execute();
    await insertInBatches(rows, 500, (batch) => trx.insertInto('hs_codes').values(batch).execute());
  },
};
