import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { binaryType, withId } from '../../../db/dialect.js';

/** The carrier simulator's state: shipments and what hangs off them, open shipments, pickups, uploads. */
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = binaryType(db);
  await withId(db, db.schema.createTable('carrier_sim_shipments'))
    .addColumn('master_tracking_number', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('ship_date', 'text', (c) => c.notNull())
    .addColumn('shipper', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .execute();
  const shipmentRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('carrier_sim_shipments.id').onDelete('cascade');
  await db.schema
    .createTable('carrier_sim_pieces')
    .addColumn('tracking_number', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', shipmentRef)
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('label_content_type', 'text', (c) => c.notNull())
    .addColumn('label_ext', 'text', (c) => c.notNull())
    .addColumn('label', bytes, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carrier_sim_pieces_shipment').on('carrier_sim_pieces').column('shipment_id').execute();
  await db.schema
    .createTable('carrier_sim_shipment_documents')
    .addColumn('shipment_id', 'integer', shipmentRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('body', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('carrier_sim_shipment_documents_pk', ['shipment_id', 'kind'])
    .execute();
  await withId(db, db.schema.createTable('carrier_sim_scan_events'))
    .addColumn('shipment_id', 'integer', shipmentRef)
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('derived_code', 'text', (c) => c.notNull())
    .addColumn('derived_status', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('carrier_sim_scan_events_due')
    .on('carrier_sim_scan_events')
    .columns(['shipment_id', 'due_at'])
    .execute();
  await withId(db, db.schema.createTable('carrier_sim_open_shipments'))
    .addColumn('open_index', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_shipment', 'text', (c) => c.notNull())
    .addColumn('packages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_master', 'text')
    .execute();
  await withId(db, db.schema.createTable('carrier_sim_pickups'))
    .addColumn('confirmation_code', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('carrier_sim_pickups_code')
    .on('carrier_sim_pickups')
    .column('confirmation_code')
    .execute();
  await withId(db, db.schema.createTable('carrier_sim_uploads'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('body', bytes, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'carrier_sim_uploads',
    'carrier_sim_pickups',
    'carrier_sim_open_shipments',
    'carrier_sim_scan_events',
    'carrier_sim_shipment_documents',
    'carrier_sim_pieces',
    'carrier_sim_shipments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
