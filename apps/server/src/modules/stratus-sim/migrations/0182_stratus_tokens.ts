import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The Stratus simulator's live tokens (they were in process memory): a token issued by one instance works on every other. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('stratus_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stratus_tokens').execute();
}
