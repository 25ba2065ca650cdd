import type { Kysely } from 'kysely';

/** Requests counted per address, route and minute, in the database so every instance shares the count. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('print_relay_hits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_relay_hits_window_end').on('print_relay_hits').column('window_end').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('print_relay_hits').execute();
}
