import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * Transaction field definitions (one row per version, transaction type and field id) and the log
 * of keywords people searched for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('transaction_definitions'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('tran_type', 'text', (c) => c.notNull())
    .addColumn('tran_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('value_type', 'text')
    .addColumn('length', 'text')
    .addColumn('occurrences', 'text')
    .addColumn('details', 'text')
    .addColumn('all_values', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transaction_definitions_key')
    .unique()
    .on('transaction_definitions')
    .columns(['version', 'tran_type', 'tran_id'])
    .execute();
  await withId(db, db.schema.createTable('transaction_keywords'))
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('is_id', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transaction_keywords').execute();
  await db.schema.dropTable('transaction_definitions').execute();
}
