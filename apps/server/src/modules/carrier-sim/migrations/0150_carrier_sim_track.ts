import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * What track replies read of a shipment (issue 39): its packages, packaging and references as
 * asked (`details`, JSON), the notifications registered for it (`notifications`, JSON), and its
 * references by value (track by reference and by TCN look them up).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('carrier_sim_shipments')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('carrier_sim_shipments')
    .addColumn('notifications', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await withId(db, db.schema.createTable('carrier_sim_references'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('carrier_sim_shipments.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('carrier_sim_references_value')
    .on('carrier_sim_references')
    .columns(['value', 'shipment_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_sim_references').execute();
  for (const column of ['notifications', 'details']) {
    await db.schema.alterTable('carrier_sim_shipments').dropColumn(column).execute();
  }
}
