import type { Kysely } from 'kysely';

/**
 * The Content-Encoding a body arrived with (it is stored as received, still encoded), and an index
 * on the receive time for age-based pruning.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('content_encoding', 'text').execute();
  await db.schema.createIndex('webhooks_received_at').on('webhooks').column('received_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhooks_received_at').execute();
  await db.schema.alterTable('webhooks').dropColumn('content_encoding').execute();
}
