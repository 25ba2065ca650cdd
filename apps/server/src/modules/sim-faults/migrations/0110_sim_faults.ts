import type { Kysely } from 'kysely';

/**
 * The simulators' faults, one row per endpoint (shared by every instance on the database), and the
 * tokens issued while a "token expired" fault is on (those, and only those, still pass).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sim_faults')
    .addColumn('endpoint_id', 'text', (c) => c.primaryKey())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('jitter_ms', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('token_expired', 'integer', (c) => c.notNull())
    .addColumn('token_expired_since', 'text')
    .addColumn('hang', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sim_fault_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sim_fault_tokens').execute();
  await db.schema.dropTable('sim_faults').execute();
}
