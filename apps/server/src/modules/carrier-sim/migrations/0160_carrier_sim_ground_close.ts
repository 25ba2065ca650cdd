import type { Kysely } from 'kysely';

/**
 * Ground End of Day Close (issue 39 item 4): when a Ground shipment was closed (its day's manifest
 * sent), so a close takes each shipment once; indexed by environment and ship date, as a close asks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carrier_sim_shipments').addColumn('ground_closed_at', 'bigint').execute();
  await db.schema
    .createIndex('carrier_sim_shipments_ship_date')
    .on('carrier_sim_shipments')
    .columns(['environment', 'ship_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('carrier_sim_shipments_ship_date').execute();
  await db.schema.alterTable('carrier_sim_shipments').dropColumn('ground_closed_at').execute();
}
