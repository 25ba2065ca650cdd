import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { carriersDataset, exampleModule } from '../test/exampleModule.js';
import { freshDatabaseConfig, openMigratedDb, runLab, dialectsFor } from '../test/helpers.js';
import type { DatabaseConfig } from '../config.js';

// The framework commands (migrate, import) with only the example module: no real module's data.
// Dialect-sensitive: imports and migrations write SQL.
describe.each(dialectsFor('dialect-sensitive'))('lab command on %s', (dialect) => {
  let database: DatabaseConfig;
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;
  let out: string[];
  let err: string[];

  const run = async (...args: string[]) => {
    const r = await runLab(args, { database, modules: [exampleModule] });
    ({ out, err } = r);
    return r.code;
  };
  const count = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('example_carriers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    const fresh = await freshDatabaseConfig(dialect);
    ({ config: database, drop } = fresh);
    db = await openMigratedDb(database, [exampleModule]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cli-'));
  });
  afterAll(async () => {
    await db.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints help listing the commands', async () => {
    expect(await run('--help')).toBe(0);
    const help = out.join('\n');
    expect(help).toContain('Usage: lab [options] [command]');
    expect(help).toMatch(/migrate\s+apply database migrations/);
    expect(help).toMatch(/import \[options\] <dataset> <file\.\.\.>/);
  });

  it('migrate reports an up-to-date database', async () => {
    expect(await run('migrate')).toBe(0);
    expect(out).toEqual(['database is up to date']);
  });

  it('unknown dataset: a clear error, exit 2', async () => {
    fs.writeFileSync(path.join(dir, 'x.csv'), 'code,name,rank\nFX,FedEx,1\n');
    expect(await run('import', 'ships', path.join(dir, 'x.csv'))).toBe(2);
    expect(err).toEqual(['lab: unknown dataset "ships" (known: carriers)']);
  });

  it('unreadable file: a clear error, exit 2', async () => {
    const missing = path.join(dir, 'missing.csv');
    expect(await run('import', 'carriers', missing)).toBe(2);
    expect(err).toEqual([`lab: cannot read ${missing}: no such file`]);
  });

  it('malformed rows: every bad row reported, nothing imported', async () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, 'code,name,rank\nFX,FedEx,1\nfedex,,2\nUPS,United Parcel,x\n');
    expect(await run('import', 'carriers', file), err.join('\n')).toBe(2);
    expect(err[0]).toBe(`rejected ${file}: 2 row(s) invalid, nothing imported`);
    expect(err[1]).toBe('  row 2: code: code is 2-4 capital letters; name: name is required');
    expect(err[2]).toMatch(/^ {2}row 3: rank: /);
    expect(await count()).toBe(0);
  });

  it('a CSV that cannot be parsed imports nothing', async () => {
    const file = path.join(dir, 'ragged.csv');
    fs.writeFileSync(file, 'code,name,rank\nFX,FedEx,1,extra\n');
    expect(await run('import', 'carriers', file)).toBe(2);
    expect(err[0]).toMatch(/^lab: cannot parse ragged\.csv as CSV: /);
    expect(await count()).toBe(0);
  });

  it('a good file imports every row, records the run, and a repeat is idempotent', async () => {
    const file = path.join(dir, 'good.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { Code: 'FX', Name: 'FedEx', Rank: 1 },
        { code: 'UPS', name: 'UPS', rank: '2' },
      ]),
    );
    expect(await run('import', 'carriers', file, '--label', 'v1')).toBe(0);
    expect(out).toEqual([`imported 2 rows into carriers from ${file}`]);
    expect(await run('import', 'carriers', file, '--label', 'v1')).toBe(0);
    expect(await count()).toBe(2);
    const runs = await db.kysely
      .selectFrom('import_runs')
      .selectAll()
      .where('dataset', '=', carriersDataset.name)
      .execute();
    expect(runs).toHaveLength(2);
    expect(JSON.parse(runs[0]!.options)).toEqual({ label: 'v1' });
  });

  it('bad arguments exit 2 with usage help', async () => {
    expect(await run('import', 'carriers')).toBe(2);
    expect(err.join('\n')).toContain("missing required argument 'file'");
    expect(await run('frobnicate')).toBe(2);
    expect(err.join('\n')).toContain("unknown command 'frobnicate'");
  });
});
