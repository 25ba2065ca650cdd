import type { Kysely } from 'kysely';

/**
 * Lifecycles on the simulated clock (issue 32): each shipment's environment (whose clock it
 * follows), scenario and the inputs its plan is computed from; each scan event's extra fields and
 * whether it was released to the webhooks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('carrier_sim_shipments')
    .addColumn('environment', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .execute();
  await db.schema
    .alterTable('carrier_sim_shipments')
    .addColumn('scenario', 'text', (c) => c.notNull().defaultTo('NORMAL'))
    .execute();
  await db.schema
    .alterTable('carrier_sim_shipments')
    .addColumn('lifecycle', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('carrier_sim_shipments_environment')
    .on('carrier_sim_shipments')
    .columns(['environment', 'id'])
    .execute();
  for (const column of ['location_type', 'exception_code', 'exception_description']) {
    await db.schema.alterTable('carrier_sim_scan_events').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('carrier_sim_scan_events')
    .addColumn('released', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('carrier_sim_scan_events_unreleased')
    .on('carrier_sim_scan_events')
    .columns(['released', 'due_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('carrier_sim_scan_events_unreleased').execute();
  await db.schema.dropIndex('carrier_sim_shipments_environment').execute();
  for (const column of ['released', 'exception_description', 'exception_code', 'location_type']) {
    await db.schema.alterTable('carrier_sim_scan_events').dropColumn(column).execute();
  }
  for (const column of ['lifecycle', 'scenario', 'environment']) {
    await db.schema.alterTable('carrier_sim_shipments').dropColumn(column).execute();
  }
}
