import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabaseConfig, openMigratedDb, describePostgres } from '../test/helpers.js';
import type { DatabaseConfig } from '../config.js';
import { openDatabase, type Db } from './index.js';
import { CurrentSchemaIntrospector } from './introspector.js';

describe('a PostgreSQL database', () => {
  it('is opened with the introspector that reads its own schema only', async () => {
    // No connection is made until a query runs: this holds without a PostgreSQL server.
    const db = openDatabase({ dialect: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', schema: 'lab' });
    try {
      expect(db.kysely.introspection).toBeInstanceOf(CurrentSchemaIntrospector);
    } finally {
      await db.close();
    }
  });
});

// PostgreSQL only: SQLite has one schema per file.
describePostgres('the PostgreSQL introspector the migrations use', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  let own: { config: DatabaseConfig; drop: () => Promise<void> };
  let sibling: { config: DatabaseConfig; drop: () => Promise<void> };
  let db: Db | undefined;
  const siblingSchema = () => (sibling.config.dialect === 'postgres' ? sibling.config.schema : '');

  beforeEach(async () => {
    own = await freshDatabaseConfig('postgres');
    sibling = await freshDatabaseConfig('postgres');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create table ${siblingSchema()}.neighbour (id serial primary key, note text)`);
    await c.end();
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    await own.drop();
    await sibling.drop();
  });

  it('lists the tables of its own schema only, with their columns', async () => {
    db = await openMigratedDb(own.config, []);
    const tables = await db.kysely.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(['import_runs', 'seed_runs']);
    expect(tables.every((t) => t.schema === (own.config.dialect === 'postgres' ? own.config.schema : ''))).toBe(true);
    const importRuns = tables.find((t) => t.name === 'import_runs');
    expect(importRuns?.columns.map((c) => [c.name, c.dataType, c.isNullable, c.hasDefaultValue])).toEqual([
      ['id', 'int4', false, false],
      ['dataset', 'text', false, false],
      ['source', 'text', false, false],
      ['rows_imported', 'int4', false, false],
      ['options', 'text', false, true],
      ['created_at', 'text', false, false],
    ]);
    expect(importRuns?.columns[0]?.isAutoIncrementing).toBe(true);
    const internal = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    expect(internal.map((t) => t.name)).toEqual([
      'import_runs',
      'kysely_migration',
      'kysely_migration_lock',
      'seed_runs',
    ]);
  });

  it('reads no other schema: siblings created and dropped meanwhile never fail it', async () => {
    // Kysely's own introspector read every schema and resolved each by name: a sibling dropped
    // between the two failed it with `schema "…" does not exist` (a migration of the test suite on
    // PostgreSQL, when another test dropped its schema). Two clients churn sibling schemas of 40
    // tables each while this one introspects; Kysely's introspector failed here 3 runs of 3.
    db = await openMigratedDb(own.config, []);
    const introspector = db.kysely.introspection;
    let churning = true;
    const churn = async (prefix: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        for (let i = 0; i < 8; i++) {
          const name = `${prefix}_${i}`;
          const tables = Array.from(
            { length: 40 },
            (_, t) => `create table ${name}.t${t} (id serial primary key, v text);`,
          );
          await c.query(`create schema ${name}; ${tables.join(' ')}`);
          await c.query(`drop schema ${name} cascade`);
        }
      } finally {
        await c.end();
      }
    };
    const suffix = siblingSchema();
    const churners = Promise.all([churn(`${suffix}_a`), churn(`${suffix}_b`)]).finally(() => (churning = false));
    const failures: string[] = [];
    let calls = 0;
    while (churning) {
      calls++;
      await introspector.getTables({ withInternalKyselyTables: true }).then(
        (tables) => expect(tables.map((t) => t.name)).toContain('kysely_migration'),
        (err: Error) => failures.push(err.message),
      );
    }
    await churners;
    expect(calls).toBeGreaterThan(1);
    expect(failures).toEqual([]);
  });
});
