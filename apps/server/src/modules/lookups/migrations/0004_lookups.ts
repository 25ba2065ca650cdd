import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * Carrier data behind the Useful Tools lookups, all loaded with `lab import`: per-country service
 * and postal-routing overrides, China customs HS codes, ETD/ECI rules, and GeoNames postal codes.
 * Booleans are integers 0/1 (the same on SQLite and PostgreSQL); NULL means "no data".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('regions_served')
    .addColumn('alpha_2', 'text', (c) => c.primaryKey())
    .addColumn('is_served', 'integer')
    .addColumn('is_postal_routed', 'integer')
    .addColumn('postal_digits', 'integer')
    .addColumn('postal_pattern', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('hs_codes'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('hs_code', 'text', (c) => c.notNull())
    .addColumn('commodity_name', 'text', (c) => c.notNull())
    .addColumn('legal_unit_1', 'text', (c) => c.notNull())
    .addColumn('legal_unit_2', 'text', (c) => c.notNull())
    .addColumn('regulatory_condition', 'text', (c) => c.notNull())
    .addColumn('export_tax_rate', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hs_codes_code').on('hs_codes').columns(['hs_code', 'location']).execute();

  await db.schema
    .createTable('etd_eci')
    .addColumn('alpha_2', 'text', (c) => c.primaryKey())
    .addColumn('etd_export', 'integer', (c) => c.notNull())
    .addColumn('etd_import', 'integer', (c) => c.notNull())
    .addColumn('eci_export', 'integer', (c) => c.notNull())
    .addColumn('eci_import', 'integer', (c) => c.notNull())
    .addColumn('signature_export', 'text', (c) => c.notNull())
    .addColumn('signature_import', 'text', (c) => c.notNull())
    .addColumn('letterhead_export', 'text', (c) => c.notNull())
    .addColumn('letterhead_import', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('postal_codes'))
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('admin_name1', 'text', (c) => c.notNull())
    .addColumn('admin_code1', 'text', (c) => c.notNull())
    .addColumn('admin_name2', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .execute();
  await db.schema
    .createIndex('postal_codes_lookup')
    .on('postal_codes')
    .columns(['country_code', 'postal_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('postal_codes').execute();
  await db.schema.dropTable('etd_eci').execute();
  await db.schema.dropTable('hs_codes').execute();
  await db.schema.dropTable('regions_served').execute();
}
