import type { Kysely } from 'kysely';

/** The twin credentials an administrator issued: client id, environment, name and the secret's hash only. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('twin_credentials')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('twin_credentials').execute();
}
