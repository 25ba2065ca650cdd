import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, inject } from 'vitest';
import pg from 'pg';
import { Writable } from 'node:stream';
import { buildApp, type BuildOptions } from '../app.js';
import { Conditions } from './conditions.js';
import type { CliContext } from '../cli/command.js';
import { runCli } from '../cli/main.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config.js';
import { openMigratedDatabase, type Db } from '../db/index.js';
import { collectMigrations, type LabModule, type ServiceFactories } from '../module.js';
import { labModules } from '../modules/index.js';

export type TestDialect = 'sqlite' | 'postgres';

/** The app's module list with one module replaced by a variant of the same name (a module's tests). */
export function labModulesWith(variant: LabModule): LabModule[] {
  return labModules.map((m) => (m.name === variant.name ? variant : m));
}

/** The app's module list with some services of one module replaced (a fake service for another module's tests). */
export function labModulesWithServices(name: string, provides: ServiceFactories): LabModule[] {
  return labModules.map((m) => (m.name === name ? { ...m, provides: { ...m.provides, ...provides } } : m));
}

/** The full app's config (every module's settings) from `env` and `overrides`, as `serve` loads it. */
export function loadLabConfig(env: NodeJS.ProcessEnv, overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(env, overrides, labModules);
}

/** The full app (every module) over `config`, as `serve` builds it. */
export function buildLabApp(config: AppConfig, options: Omit<BuildOptions, 'modules'> = {}): Promise<FastifyInstance> {
  return buildApp(config, { ...options, modules: labModules });
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** `describe` for suites that only mean something on PostgreSQL (several instances on one database, schemas): absent without TEST_DATABASE_URL. */
export const describePostgres = testDialects.includes('postgres') ? describe : () => undefined;

/**
 * The dialects a suite runs on, by what it exercises:
 * - `'dialect-sensitive'`: its outcome depends on SQL that differs by dialect (repositories,
 *   migrations, storage, the realtime bus's LISTEN/NOTIFY, CLI imports, several instances on one
 *   database): SQLite, and PostgreSQL too when TEST_DATABASE_URL is set (testDialects).
 * - `'dialect-neutral'`: it tests HTTP behaviour (simulators, gateway, hardening, calculators) whose
 *   database access, if any, goes through repositories the dialect-sensitive suites already cover on
 *   both: SQLite only. A suite whose bad input reaches SQL (the fuzz) is dialect-sensitive: the
 *   dialects refuse different values.
 */
export function dialectsFor(kind: 'dialect-sensitive' | 'dialect-neutral'): TestDialect[] {
  return kind === 'dialect-sensitive' ? testDialects : ['sqlite'];
}

/**
 * A fresh database: a new SQLite file, or a new schema in the PostgreSQL test database; empty, or
 * with `imported: true` a copy of the run's template (every migration, the carrier's 24 OpenAPI
 * documents imported: test/globalSetup.ts), SQLite only.
 */
export async function freshDatabaseConfig(
  dialect: TestDialect,
  options: { imported?: boolean } = {},
): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-'));
    const file = path.join(dir, 'lab.sqlite');
    if (options.imported) fs.copyFileSync(inject('importedSqliteTemplate'), file);
    return {
      config: { dialect: 'sqlite', file },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (options.imported) throw new Error('the imported template is SQLite only: import into the PostgreSQL schema');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    config: { dialect: 'postgres', url, schema },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Opens a database with every migration of the given modules (all by default) applied. */
export async function openMigratedDb(config: DatabaseConfig, modules: readonly LabModule[] = labModules): Promise<Db> {
  return openMigratedDatabase(config, collectMigrations(modules));
}

/** A migrated database for repository-level tests. Close with `db.close()` then `drop()`. */
export async function freshDb(dialect: TestDialect): Promise<{ db: Db; drop: () => Promise<void> }> {
  const { config, drop } = await freshDatabaseConfig(dialect);
  const db = await openMigratedDb(config);
  return {
    db,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/** Collects log lines written by the app (to assert on redaction or error logging, or to wait for one). */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  private readonly written = new Conditions();
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    this.written.changed();
    cb();
  }
  /** Resolves once the lines written so far satisfy `check`, checked again on every write (the test's timeout bounds the wait). */
  until(check: (lines: readonly Record<string, unknown>[]) => boolean): Promise<void> {
    return this.written.until(() => check(this.lines));
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  logs: LogCapture;
  close: () => Promise<void>;
}

/** How buildTestApp builds: the app's options (every module by default), the environment, imported documents. */
export type TestAppOptions = Partial<BuildOptions> & { env?: NodeJS.ProcessEnv; imported?: boolean };

/**
 * The real app (buildApp) on a fresh database of the given dialect, for `app.inject` tests.
 * `overrides` change config fields, `env` adds environment variables; `webDistDir` defaults to an
 * empty folder (no web build); `modules` replaces the module list (default: every module); `imported`
 * starts from the run's template with the carrier's OpenAPI documents imported (SQLite only).
 */
export async function buildTestApp(
  dialect: TestDialect,
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { env, imported, modules = labModules, ...buildOptions } = options;
  const { config: database, drop } = await freshDatabaseConfig(dialect, { imported: imported ?? false });
  const emptyWeb = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-'));
  const config = loadConfig({ LOG_LEVEL: 'info', ...env }, { database, webDistDir: emptyWeb, ...overrides }, modules);
  const logs = new LogCapture();
  const app = await buildApp(config, { logDestination: logs, modules, ...buildOptions });
  return {
    app,
    config,
    logs,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(emptyWeb, { recursive: true, force: true });
    },
  };
}

export interface LabRun {
  code: number | undefined;
  /** What the command wrote to stdout and stderr, one entry per write (a line). */
  out: string[];
  err: string[];
}

/**
 * Runs `lab …` in-process, capturing its output: `database` is what DATABASE_URL would name
 * (commands that need none fail if they open it), `stdin` what `-` reads.
 */
export async function runLab(
  args: string[],
  options: { database?: DatabaseConfig; stdin?: string | Buffer; modules?: readonly LabModule[] } = {},
): Promise<LabRun> {
  const out: string[] = [];
  const err: string[] = [];
  const modules = options.modules ?? labModules;
  const { database } = options;
  const ctx: CliContext = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stdin: async () => Buffer.from(options.stdin ?? ''),
    config: () => loadConfig({}, database ? { database } : {}, modules),
    openDb: async () => {
      if (!database) throw new Error('this command was expected to need no database');
      return openMigratedDb(database, modules);
    },
  };
  const code = await runCli(['node', 'lab', ...args], modules, ctx);
  return { code, out, err };
}
