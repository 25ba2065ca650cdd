import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './index.js';

/**
 * Data loaded once, on first start, from files the project owns (data/). Each seeder runs once
 * per database: its name is recorded in seed_runs after it succeeds.
 */
export interface Seeder {
  name: string;
  run(db: Db, log: FastifyBaseLogger): Promise<void>;
}

/** Runs the seeders this database has not run yet (modules declare theirs: LabModule.seeders). */
export async function runSeeds(db: Db, log: FastifyBaseLogger, list: readonly Seeder[]): Promise<string[]> {
  const done = new Set((await db.kysely.selectFrom('seed_runs').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of list) {
    if (done.has(seeder.name)) continue;
    await seeder.run(db, log);
    await db.kysely
      .insertInto('seed_runs')
      .values({ name: seeder.name, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    ran.push(seeder.name);
  }
  return ran;
}
