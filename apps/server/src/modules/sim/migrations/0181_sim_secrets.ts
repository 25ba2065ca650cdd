import type { Kysely } from 'kysely';

/** Secrets the simulators sign with, generated once per database (unless SIM_SEED derives them): every instance shares them. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sim_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sim_secrets').execute();
}
