import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { buildLabApp, describePostgres, freshDatabaseConfig, loadLabConfig, LogCapture } from '../test/helpers.js';

// PostgreSQL only: several instances on one database (SQLite is one file on one host).
describePostgres('instances starting at once on one empty PostgreSQL database', () => {
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-'));

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await drop?.();
    drop = undefined;
  });

  it('migrate and seed once: each migration and each seeder is run by exactly one of them', async () => {
    const fresh = await freshDatabaseConfig('postgres');
    drop = fresh.drop;
    const config = loadLabConfig({ LOG_LEVEL: 'info' }, { database: fresh.config, webDistDir: web });
    const logs = [new LogCapture(), new LogCapture(), new LogCapture()];
    apps.push(...(await Promise.all(logs.map((logDestination) => buildLabApp(config, { logDestination })))));

    const linesOf = (msg: string, field: string) =>
      logs.flatMap((l) => l.lines.filter((line) => line.msg === msg).flatMap((line) => line[field] as string[]));
    const applied = linesOf('migrations applied', 'applied');
    const seeded = linesOf('seed data loaded', 'seeded');
    const db = apps[0]!.db.kysely;
    const migrations = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map(
      (r) => r.name,
    );
    const seedRuns = (await db.selectFrom('seed_runs').select('name').execute()).map((r) => r.name);

    expect(migrations.length).toBeGreaterThan(10);
    expect([...applied].sort()).toEqual([...migrations].sort());
    expect(seeded).toEqual(seedRuns);
    expect(seedRuns).toHaveLength(1);
    expect(seedRuns[0]).toMatch(/^transactions-/);
  });
});
