import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * Replies answered from state (issue 39): the async jobs of create shipment and open shipments,
 * whose results the results endpoints answer, and what kind of pickup a pickup row is (a
 * scheduled pickup, or the driver a return tag dispatches) with its environment and date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('carrier_sim_jobs'))
    .addColumn('job_id', 'text', (c) => c.notNull().unique())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('carrier_sim_pickups')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('pickup'))
    .execute();
  await db.schema
    .alterTable('carrier_sim_pickups')
    .addColumn('environment', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .execute();
  await db.schema.alterTable('carrier_sim_pickups').addColumn('pickup_date', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['pickup_date', 'environment', 'kind']) {
    await db.schema.alterTable('carrier_sim_pickups').dropColumn(column).execute();
  }
  await db.schema.dropTable('carrier_sim_jobs').execute();
}
