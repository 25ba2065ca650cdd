import type { Command } from 'commander';
import { migrateToLatest, openDatabase } from '../../db/index.js';
import type { CliContext } from '../context.js';

export function registerMigrate(program: Command, ctx: CliContext) {
  program
    .command('migrate')
    .description('apply database migrations (DATABASE_URL picks the database)')
    .action(async () => {
      const db = openDatabase(ctx.config().database);
      try {
        const applied = await migrateToLatest(db);
        ctx.out(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
      } finally {
        await db.close();
      }
    });
}
