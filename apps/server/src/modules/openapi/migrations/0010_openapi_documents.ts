import type { Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/** The carrier's OpenAPI documents, one row per `<api>--<Resource>`. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('openapi_documents'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('api', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('operations', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('openapi_documents').execute();
}
