import type { Kysely } from 'kysely';
import { z } from 'zod';
import { defineModule, defineModuleConfig } from '../module.js';
import type { Dataset } from '../imports/registry.js';

/**
 * A module that exists only in the tests: it has every part a module can have (routes, a table
 * through its migration, starter data, an importable dataset, a command and a setting), so the
 * tests prove the frameworks pick each part up from the manifest alone. docs/ARCHITECTURE.md's
 * "adding a module" recipe follows the same shape.
 */

export interface CarrierRow {
  code: string;
  name: string;
  rank: number;
}

declare module '../db/schema.js' {
  interface Database {
    example_carriers: CarrierRow;
  }
}

export const exampleConfig = defineModuleConfig({
  env: z.object({ EXAMPLE_CARRIERS_LIMIT: z.coerce.number().int().min(1).max(100).default(10) }),
  read: (e) => ({ exampleCarriersLimit: e.EXAMPLE_CARRIERS_LIMIT }),
});

declare module '../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends ReturnType<typeof exampleConfig.read> {}
}

const carrierRow = z.object({
  code: z.string().regex(/^[A-Z]{2,4}$/, 'code is 2-4 capital letters'),
  name: z.string().min(1, 'name is required'),
  rank: z.coerce.number().int('rank is a whole number'),
});

export const carriersDataset: Dataset<CarrierRow> = {
  name: 'carriers',
  description: 'test dataset',
  options: [{ name: 'label', description: 'a label for the run' }],
  row: carrierRow,
  write: async (trx, rows) => {
    for (const r of rows) {
      await trx
        .insertInto('example_carriers')
        .values(r)
        .onConflict((oc) => oc.column('code').doUpdateSet({ name: r.name, rank: r.rank }))
        .execute();
    }
  },
};

export const exampleModule = defineModule({
  name: 'example-carriers',
  api: async (app) => {
    app.get('/example/carriers', { schema: { response: { 200: z.array(carrierRow) } } }, async () =>
      app.db.kysely
        .selectFrom('example_carriers')
        .selectAll()
        .orderBy('rank')
        .limit(app.config.exampleCarriersLimit)
        .execute(),
    );
  },
  migrations: {
    '9001_example_carriers': {
      up: async (db: Kysely<any>) => {
        await db.schema
          .createTable('example_carriers')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('rank', 'integer', (c) => c.notNull())
          .execute();
      },
    },
  },
  seeders: [
    {
      name: 'example-carriers',
      run: async (db) => {
        await db.kysely.insertInto('example_carriers').values({ code: 'FX', name: 'FedEx', rank: 1 }).execute();
      },
    },
  ],
  datasets: [carriersDataset],
  commands: [
    (program, ctx) => {
      program
        .command('carriers')
        .description('list the example carriers')
        .action(async () => {
          const db = await ctx.openDb();
          try {
            const rows = await db.kysely.selectFrom('example_carriers').selectAll().orderBy('rank').execute();
            for (const r of rows) ctx.out(`${r.code} ${r.name}`);
          } finally {
            await db.close();
          }
        });
    },
  ],
  config: exampleConfig,
  csp: () => ({ connectSrc: ['https://carriers.example.test'] }),
});
