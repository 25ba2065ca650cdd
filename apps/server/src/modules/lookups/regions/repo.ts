import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RegionsServedTable } from '../tables.js';

/** The carrier's per-country service and postal-routing overrides, by alpha-2. */
export async function servedOverrides(db: Kysely<Database>): Promise<Map<string, RegionsServedTable>> {
  const rows = await db.selectFrom('regions_served').selectAll().execute();
  return new Map(rows.map((r) => [r.alpha_2, r]));
}
