import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The remote-print relay: issued listen ids, jobs (expiring) and the receivers' log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('print_listeners')
    .addColumn('listen_id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('print_jobs'))
    .addColumn('task_id', 'text', (c) => c.notNull().unique())
    .addColumn('remote_id', 'text', (c) => c.notNull())
    .addColumn('subscribe_id', 'text', (c) => c.notNull())
    .addColumn('print_data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_jobs_expires_at').on('print_jobs').column('expires_at').execute();
  await withId(db, db.schema.createTable('print_logs'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('subscribe_id', 'text', (c) => c.notNull())
    .addColumn('is_printed', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text', (c) => c.notNull())
    .addColumn('print_data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_logs_remote_id').on('print_logs').columns(['remote_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('print_logs').execute();
  await db.schema.dropTable('print_jobs').execute();
  await db.schema.dropTable('print_listeners').execute();
}
