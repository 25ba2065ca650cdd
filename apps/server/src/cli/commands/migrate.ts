import type { Migration } from 'kysely';
import { migrateToLatest, openDatabase, withMigrationLock } from '../../db/index.js';
import type { RegisterCommand } from '../command.js';

/** `lab migrate`: applies the framework's and the modules' migrations to DATABASE_URL. */
export function migrateCommand(migrations: Record<string, Migration>): RegisterCommand {
  return (program, ctx) => {
    program
      .command('migrate')
      .description('apply database migrations (DATABASE_URL picks the database)')
      .action(async () => {
        const db = openDatabase(ctx.config().database);
        try {
          const applied = await withMigrationLock(db, () => migrateToLatest(db, migrations));
          ctx.out(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
        } finally {
          await db.close();
        }
      });
  };
}
