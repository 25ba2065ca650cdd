import path from 'node:path';
import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import type { Dataset } from '../../../imports/registry.js';
import { ImportError, readFileOrFail, type RawRecord } from '../../../imports/tabular.js';
import { insertInBatches } from '../../../imports/rows.js';
import { cellText, knownAlpha2 } from '../fields.js';

/** GeoNames postal dump columns (tab-separated, no header), in order. */
const COLUMNS = [
  'country_code',
  'postal_code',
  'place_name',
  'admin_name1',
  'admin_code1',
  'admin_name2',
  'admin_code2',
  'admin_name3',
  'admin_code3',
  'latitude',
  'longitude',
  'accuracy',
] as const;

/** Reads `allCountries.txt` or `CC.txt`: one place per line, 12 tab-separated columns. */
export async function readGeonamesPostal(file: string): Promise<RawRecord[]> {
  if (path.extname(file).toLowerCase() !== '.txt')
    throw new ImportError('a GeoNames postal dump is a .txt file (allCountries.txt or CC.txt, unzipped)');
  const text = (await readFileOrFail(file)).toString('utf8');
  const records: RawRecord[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const cells = line.split('\t');
    const rec: RawRecord = { columns: cells.length };
    COLUMNS.forEach((name, i) => (rec[name] = cells[i]));
    records.push(rec);
  }
  return records;
}

const coordinate = cellText.transform((s, ctx) => {
  if (s === '') return null;
  const n = Number(s);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `not a coordinate: "${s}"` });
    return z.NEVER;
  }
  return n;
});

const row = z.object({
  columns: z.literal(COLUMNS.length, { message: `a line has ${COLUMNS.length} tab-separated columns` }),
  country_code: knownAlpha2,
  postal_code: cellText.transform((s) => s.toUpperCase()).pipe(z.string().min(1, 'postal code is empty').max(20)),
  place_name: cellText.pipe(z.string().min(1, 'place name is empty')),
  admin_name1: cellText,
  admin_code1: cellText,
  admin_name2: cellText,
  latitude: coordinate,
  longitude: coordinate,
});

type Row = z.infer<typeof row>;

/**
 * `lab import postal-geonames <allCountries.txt|CC.txt>`: postal codes → places for the offline
 * postal lookup. The countries in the file are replaced; other countries stay.
 */
export const postalGeonamesDataset: Dataset<Row> = {
  name: 'postal-geonames',
  format: DATASET_FILES['postal-geonames'],
  description: 'GeoNames postal codes (allCountries.txt or CC.txt) for the postal-code lookup',
  read: readGeonamesPostal,
  row,
  async write(trx, rows) {
    const countries = [...new Set(rows.map((r) => r.country_code))];
    await trx.deleteFrom('postal_codes').where('country_code', 'in', countries).execute();
    await insertInBatches(rows, 1000, (batch) =>
      trx
        .insertInto('postal_codes')
        .values(
          batch.map((r) => ({
            country_code: r.country_code,
            postal_code: r.postal_code,
            place_name: r.place_name,
            admin_name1: r.admin_name1,
            admin_code1: r.admin_code1,
            admin_name2: r.admin_name2,
            latitude: r.latitude,
            longitude: r.longitude,
          })),
        )
        .execute(),
    );
  },
};
