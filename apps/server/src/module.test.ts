import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { checkModules, defineModule, type LabModule } from './module.js';
import { labModules } from './modules/index.js';
import { carriersDataset, exampleModule } from './test/exampleModule.js';
import {
  buildTestApp,
  freshDatabaseConfig,
  openMigratedDb,
  runLab,
  dialectsFor,
  type TestApp,
} from './test/helpers.js';

// "Adding a module is one folder plus one line": the example module (test/exampleModule.ts) is
// added to the list below and nothing else, yet every framework picks up every part of it.
const withExample: readonly LabModule[] = [...labModules, exampleModule];

describe('the module list', () => {
  it('has unique module, migration, seeder and dataset names', () => {
    expect(() => checkModules(labModules)).not.toThrow();
    expect(labModules.map((m) => m.name)).toEqual([
      'system',
      'labels',
      'webhooks',
      'lookups',
      'shipping',
      'transactions',
      'gateway',
      'sim',
      'sim-faults',
      'twin-credentials',
      'openapi',
      'traffic',
      'carrier-sim',
      'stratus-sim',
      'print-relay',
    ]);
  });

  it('refuses two modules that claim the same name, migration, dataset or MCP tool', () => {
    const twin = (parts: Partial<LabModule>) => defineModule({ name: 'twin', ...parts });
    expect(() => checkModules([exampleModule, { ...exampleModule }])).toThrow(
      'module example-carriers is defined twice',
    );
    expect(() => checkModules([exampleModule, twin({ migrations: exampleModule.migrations })])).toThrow(
      'migration 9001_example_carriers is defined twice',
    );
    expect(() => checkModules([exampleModule, twin({ datasets: [carriersDataset] })])).toThrow(
      'dataset carriers is defined twice',
    );
    expect(() => checkModules([exampleModule, twin({ seeders: exampleModule.seeders })])).toThrow(
      'seeder example-carriers is defined twice',
    );
    const tool = { name: 'twin_tool', description: 'x', input: z.object({}), run: async () => ({}) };
    expect(() => checkModules([twin({ tools: [tool] }), { ...twin({ tools: [tool] }), name: 'twin-2' }])).toThrow(
      'tool twin_tool is defined twice',
    );
  });

  it("refuses a module migration named like the framework's own", async () => {
    const { config, drop } = await freshDatabaseConfig('sqlite');
    const clash = defineModule({ name: 'clash', migrations: { '0001_init': { up: async () => {} } } });
    await expect(openMigratedDb(config, [clash])).rejects.toThrow(
      "migration 0001_init is the framework's own; give the module's migration another name",
    );
    await drop();
  });

  it("reads a module's settings with the server's, naming every bad variable", () => {
    expect(loadConfig({}, {}, withExample).exampleCarriersLimit).toBe(10);
    expect(loadConfig({ EXAMPLE_CARRIERS_LIMIT: '3' }, {}, withExample).exampleCarriersLimit).toBe(3);
    expect(() => loadConfig({ EXAMPLE_CARRIERS_LIMIT: '0', PORT: 'x' }, {}, withExample)).toThrow(ConfigError);
    expect(() => loadConfig({ EXAMPLE_CARRIERS_LIMIT: '0', LABEL_WORKERS: '0' }, {}, withExample)).toThrow(
      new ConfigError(
        'invalid configuration:\n' +
          '  LABEL_WORKERS: Too small: expected number to be >=1\n' +
          '  EXAMPLE_CARRIERS_LIMIT: Too small: expected number to be >=1',
      ),
    );
  });
});

describe("a module's settings are known to exist", () => {
  it('loadConfig reads the settings of the modules it is given, with their defaults', () => {
    expect(loadConfig({}, {}, withExample).exampleCarriersLimit).toBe(10);
    expect('exampleCarriersLimit' in loadConfig({}, {}, labModules)).toBe(false);
  });

  it('buildApp refuses a config that lacks the settings of a module it assembles', async () => {
    const config = loadConfig(
      { LOG_LEVEL: 'silent' },
      { database: { dialect: 'sqlite', file: ':memory:' } },
      labModules,
    );
    await expect(buildApp(config, { modules: withExample })).rejects.toThrow(
      'the config lacks the settings of example-carriers: load it with loadConfig(env, overrides, modules) over the modules the app assembles',
    );
  });
});

// Dialect-sensitive: a module's migrations and tables.
describe.each(dialectsFor('dialect-sensitive'))('a module added to the list on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { modules: withExample, env: { EXAMPLE_CARRIERS_LIMIT: '5' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-module-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets its table (migration), starter rows (seeder), routes and setting', async () => {
    const res = await t.app.inject({ url: '/lab/api/example/carriers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ code: 'FX', name: 'FedEx', rank: 1 }]);
    expect(t.config.exampleCarriersLimit).toBe(5);
    const seeds = await t.app.db.kysely.selectFrom('seed_runs').select('name').execute();
    expect(seeds.map((s) => s.name)).toContain('example-carriers');
  });

  it('adds its origin to the CSP and its routes to our OpenAPI document', async () => {
    const page = await t.app.inject({ url: '/lab/api/health' });
    expect(page.headers['content-security-policy']).toMatch(
      /connect-src 'self'[^;]* https:\/\/carriers\.example\.test;/,
    );
    const doc = (await t.app.inject({ url: '/lab/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/lab/api/example/carriers');
  });

  it('brings its dataset to `lab import` and its command to `lab`', async () => {
    const database = t.config.database;
    const file = path.join(dir, 'carriers.csv');
    fs.writeFileSync(file, 'code,name,rank\nUPS,United Parcel Service,2\n');
    expect(await runLab(['import', 'carriers', file], { database, modules: withExample })).toEqual({
      code: 0,
      out: [`imported 1 rows into carriers from ${file}`],
      err: [],
    });
    expect(await runLab(['carriers'], { database, modules: withExample })).toEqual({
      code: 0,
      out: ['FX FedEx', 'UPS United Parcel Service'],
      err: [],
    });
    const help = await runLab(['--help'], { modules: withExample });
    expect(help.out.join('\n')).toMatch(/carriers\s+list the example carriers/);
    const without = await runLab(['carriers'], { modules: labModules });
    expect(without.code).toBe(2);
  });
});
