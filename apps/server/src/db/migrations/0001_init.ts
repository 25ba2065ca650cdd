import type { Kysely } from 'kysely';
import { withId } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('import_runs'))
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('rows_imported', 'integer', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('seed_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seed_runs').execute();
  await db.schema.dropTable('import_runs').execute();
}
