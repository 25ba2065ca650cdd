import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The traffic log in the database (it was in memory per process): every instance writes and reads one log. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('traffic_entries'))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('traffic_entries').execute();
}
