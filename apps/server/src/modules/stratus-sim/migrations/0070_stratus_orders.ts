import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The Stratus simulator's orders and their labels (they survive a restart; several instances share them). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('stratus_orders'))
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('polls', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stratus_labels')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('package_number', 'integer', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('image_type', 'text', (c) => c.notNull())
    .addColumn('zpl', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addPrimaryKeyConstraint('stratus_labels_pk', ['order_id', 'package_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stratus_labels').execute();
  await db.schema.dropTable('stratus_orders').execute();
}
