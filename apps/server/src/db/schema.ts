import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each module adds its own tables by declaration merging:
 *
 *   declare module '../../db/schema.js' { interface Database { my_table: MyTable } }
 *
 * so adding a module never edits this file. Timestamps are ISO-8601 UTC text (sortable, the
 * same on SQLite and PostgreSQL); ids are integer identities.
 */
export interface Database {
  import_runs: ImportRunTable;
  seed_runs: SeedRunTable;
}

export interface ImportRunTable {
  id: Generated<number>;
  dataset: string;
  source: string;
  rows_imported: number;
  options: string;
  created_at: string;
}

export interface SeedRunTable {
  name: string;
  created_at: string;
}
