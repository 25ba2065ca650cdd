import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The simulated clocks, the webhook subscriptions and their outbox (several instances share them). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sim_clocks')
    .addColumn('environment', 'text', (c) => c.primaryKey())
    .addColumn('base_sim', 'bigint', (c) => c.notNull())
    .addColumn('base_real', 'bigint', (c) => c.notNull())
    .addColumn('factor', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sim_webhook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('deliver_twice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('out_of_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await withId(db, db.schema.createTable('sim_webhook_deliveries'))
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('sim_webhook_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('copy', 'integer', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addUniqueConstraint('sim_webhook_deliveries_once', ['subscription_id', 'event_id', 'copy'])
    .execute();
  await db.schema
    .createIndex('sim_webhook_deliveries_queue')
    .on('sim_webhook_deliveries')
    .columns(['state', 'subscription_id', 'id'])
    .execute();
  await db.schema
    .createIndex('sim_webhook_deliveries_by_subscription')
    .on('sim_webhook_deliveries')
    .columns(['subscription_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sim_webhook_deliveries').execute();
  await db.schema.dropTable('sim_webhook_subscriptions').execute();
  await db.schema.dropTable('sim_clocks').execute();
}
