import { type ColumnDataType, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Helpers that keep migrations dialect-neutral: the same migration runs on SQLite and PostgreSQL. */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `id` integer identity primary key on either dialect. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Column type for raw bytes: bytea on PostgreSQL, blob on SQLite. */
export function binaryType(db: Kysely<any>): ColumnDataType {
  return dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
}
