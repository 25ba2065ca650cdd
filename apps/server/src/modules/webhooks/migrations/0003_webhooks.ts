import type { Kysely } from 'kysely';
import { binaryType, withId } from '../../../db/dialect.js';

/** Received shipment-visibility webhooks: the raw body byte for byte, plus list fields. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('webhooks'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('source_ip', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('content_type', 'text')
    .addColumn('body', binaryType(db), (c) => c.notNull())
    .addColumn('body_size', 'integer', (c) => c.notNull())
    .addColumn('is_json', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('event_timestamp', 'text')
    .execute();
  await db.schema.createIndex('webhooks_channel_id').on('webhooks').columns(['channel', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhooks').execute();
}
