import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * Delivery of relay jobs: when a job was announced to a receiver (pending until then), and the
 * receivers connected now, on any instance (a row per open receiver stream, kept alive by a lease
 * its instance renews; a crashed instance's rows lapse).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('print_jobs').addColumn('announced_at', 'text').execute();
  await db.schema.alterTable('print_jobs').addColumn('announced_to', 'text').execute();
  // Jobs stored before were announced when they were sent: never give them out again.
  await db
    .updateTable('print_jobs')
    .set((eb) => ({ announced_at: eb.ref('created'), announced_to: '*' }))
    .execute();
  await db.schema.createIndex('print_jobs_remote_id').on('print_jobs').columns(['remote_id', 'id']).execute();
  await withId(db, db.schema.createTable('print_receivers'))
    .addColumn('listen_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('print_receivers_listen_id')
    .on('print_receivers')
    .columns(['listen_id', 'lease_until'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('print_receivers').execute();
  await db.schema.dropIndex('print_jobs_remote_id').execute();
  await db.schema.alterTable('print_jobs').dropColumn('announced_to').execute();
  await db.schema.alterTable('print_jobs').dropColumn('announced_at').execute();
}
