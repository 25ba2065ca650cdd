/**
 * What a describe block holds for all its tests: made before the first, closed (and its database
 * dropped) after the last. Call these inside the describe.
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { buildTestApp, freshDatabaseConfig, freshDb, type TestApp, type TestDialect } from './helpers.js';

/** A fresh migrated database of the dialect for repository-level tests. */
export function suiteDb(dialect: TestDialect): { readonly db: Db } {
  const fixture = {} as { db: Db };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db: fixture.db, drop } = await freshDb(dialect));
  });
  afterAll(() => drop?.());
  return fixture;
}

/**
 * Two apps on one fresh PostgreSQL schema, as two instances of the server sharing a database (inside
 * a `describePostgres`); `b` is configured like `a` unless given its own settings.
 */
export function twoInstancesOnPostgres(
  a: Partial<AppConfig> = {},
  b: Partial<AppConfig> = a,
): { readonly a: TestApp; readonly b: TestApp } {
  const apps = {} as { a: TestApp; b: TestApp };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = await freshDatabaseConfig('postgres');
    drop = fresh.drop;
    apps.a = await buildTestApp('postgres', { ...a, database: fresh.config });
    apps.b = await buildTestApp('postgres', { ...b, database: fresh.config });
  });
  afterAll(async () => {
    await apps.a?.close();
    await apps.b?.close();
    await drop?.();
  });
  return apps;
}

/**
 * The real app (buildTestApp, same arguments) for the tests of the enclosing `describe`: built
 * before them, closed after them. Its fields are there from the suite's first test on.
 */
export function suiteApp(...args: Parameters<typeof buildTestApp>): TestApp {
  const t: Partial<TestApp> = {};
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(...args));
  });
  afterAll(async () => {
    if (t.close) await t.close();
  });
  return t as TestApp;
}
