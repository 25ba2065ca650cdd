import { sql, type Kysely } from 'kysely';
import { withId } from '../../../db/dialect.js';

/**
 * Every release of every document: one row per distinct content imported under a name (the
 * `openapi_documents` row stays the one in use). The documents already stored become their first release.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('openapi_document_releases'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('operations', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('openapi_document_releases_name_sha256', ['name', 'sha256'])
    .execute();
  await sql`INSERT INTO openapi_document_releases (name, label, version, sha256, source_file, operations, imported_at, document)
    SELECT name, NULL, version, sha256, source_file, operations, imported_at, document FROM openapi_documents ORDER BY id`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('openapi_document_releases').execute();
}
