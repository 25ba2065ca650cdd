import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Keeps the newest `keep` rows (by the `id` primary key) of one group of a table — the webhooks of
 * a channel, the print logs of a listen id — and deletes the rest in one statement. Returns how
 * many rows went. The group column is indexed together with `id` by the tables that use this.
 */
export async function keepNewestRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  groupColumn: keyof Database[T] & string,
  group: string,
  keep: number,
): Promise<number> {
  const cutoff = await sql<{ id: number }>`
    select id from ${sql.table(table)} where ${sql.ref(groupColumn)} = ${group}
    order by id desc limit 1 offset ${keep}`.execute(db);
  const id = cutoff.rows[0]?.id;
  if (id === undefined) return 0;
  const removed = await sql`
    delete from ${sql.table(table)} where ${sql.ref(groupColumn)} = ${group} and id <= ${id}`.execute(db);
  return Number(removed.numAffectedRows ?? 0);
}
