import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect, type Migration, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';
import type { DialectName } from './dialect.js';
import { LabPostgresDialect } from './introspector.js';
import * as init from './migrations/0001_init.js';
import { runSeeds, type Seeder } from './seeds.js';

export type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** For PostgreSQL: the connection settings a LISTEN client must use. */
  postgres?: pg.ClientConfig;
  /** For PostgreSQL: the schema the tables live in, when not the default (tests use one per app). */
  schema?: string;
  close(): Promise<void>;
}

export function postgresClientConfig(cfg: { url: string; schema?: string | undefined }): pg.ClientConfig {
  return {
    connectionString: cfg.url,
    ...(cfg.schema ? { options: `-c search_path=${cfg.schema}` } : {}),
  };
}

/** Statements kept per SQLite connection (the most recently used; the rest are prepared again). */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely's driver sees it, with its prepared statements kept by SQL text:
 * the driver prepares every query it runs, and preparing costs more than running most of the
 * twin's queries (a third of a track call's database time). SQLite re-prepares a kept statement
 * itself when the schema changed. The driver only runs statements to completion (no streaming
 * here), so a kept statement is never busy when it is used again.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(sqlText: string) {
      let stmt = kept.get(sqlText);
      if (stmt) kept.delete(sqlText);
      else {
        stmt = sqlite.prepare(sqlText);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      }
      kept.set(sqlText, stmt); // most recent last
      return stmt;
    },
    close: () => {
      kept.clear();
      sqlite.close();
    },
  };
}

export function openDatabase(cfg: DatabaseConfig): Db {
  if (cfg.dialect === 'sqlite') {
    if (cfg.file !== ':memory:') fs.mkdirSync(path.dirname(cfg.file), { recursive: true });
    const sqlite = new SQLite(cfg.file);
    // WAL: readers never block the writer; NORMAL sync is durable against process crashes (SIGKILL).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  const client = postgresClientConfig(cfg);
  const pool = new pg.Pool({ ...client, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new LabPostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    postgres: client,
    ...(cfg.schema ? { schema: cfg.schema } : {}),
    close: () => kysely.destroy(),
  };
}

/** The framework's own tables (import_runs, seed_runs); modules bring theirs (LabModule.migrations). */
const frameworkMigrations: Record<string, Migration> = { '0001_init': init };

/**
 * Applies the framework's migrations and the given modules' ones (collectMigrations). Kysely runs
 * pending migrations in name order; unordered ones are allowed because modules own separate
 * tables, so a module's new migration may sort before another module's already applied one.
 */
export async function migrateToLatest(db: Db, moduleMigrations: Record<string, Migration>): Promise<string[]> {
  // Kysely looks for its migration tables across every schema it can see; name the schema we
  // actually write to (current_schema(): the configured one, or whatever search_path says) so
  // databases in sibling schemas never share or skip each other's lock table.
  let migrationTableSchema: string | undefined;
  if (db.dialect === 'postgres') {
    const row = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
    migrationTableSchema = row.rows[0]?.schema ?? undefined;
  }
  const clash = Object.keys(moduleMigrations).find((name) => name in frameworkMigrations);
  if (clash) throw new Error(`migration ${clash} is the framework's own; give the module's migration another name`);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => ({ ...moduleMigrations, ...frameworkMigrations }) },
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs `fn` holding the database's migration lock. On PostgreSQL a session advisory lock keyed by
 * the schema, held on one connection of the pool: instances starting at once on one database
 * migrate and seed one after the other, the first doing the work and the others finding it done.
 * On SQLite (one host, one file) the file's own write lock and Kysely's lock table suffice.
 */
export async function withMigrationLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return fn();
  return db.kysely.connection().execute(async (conn) => {
    const key = sql`hashtext(current_schema() || ':lab-migrations')`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** Migrations then seeds under the migration lock (what an app does when it starts): what this call applied and ran. */
export async function migrateAndSeed(
  db: Db,
  migrations: Record<string, Migration>,
  seeders: readonly Seeder[],
  log: FastifyBaseLogger,
): Promise<{ applied: string[]; seeded: string[] }> {
  return withMigrationLock(db, async () => {
    const applied = await migrateToLatest(db, migrations);
    const seeded = await runSeeds(db, log, seeders);
    return { applied, seeded };
  });
}

/** Opens the database and applies the migrations; closes it again if they fail. */
export async function openMigratedDatabase(
  cfg: DatabaseConfig,
  moduleMigrations: Record<string, Migration>,
): Promise<Db> {
  const db = openDatabase(cfg);
  try {
    await withMigrationLock(db, () => migrateToLatest(db, moduleMigrations));
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
