import type { Kysely } from 'kysely';
import type { HsCodeRow } from '@lab/core/regions';
import type { Database } from '../../../db/schema.js';

/** Codes containing the digits, by code, one page. */
export async function searchHsCodes(
  db: Kysely<Database>,
  digits: string,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: HsCodeRow[] }> {
  // digits are [0-9] only (checked before), so they carry no LIKE wildcard.
  const where = db.selectFrom('hs_codes').where('hs_code', 'like', `%${digits}%`);
  const count = await where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await where
    .select([
      'location',
      'hs_code',
      'commodity_name',
      'legal_unit_1',
      'legal_unit_2',
      'regulatory_condition',
      'export_tax_rate',
    ])
    .orderBy('hs_code')
    .orderBy('location')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(count.n), rows };
}
