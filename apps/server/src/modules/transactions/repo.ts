import type { Kysely, Selectable } from 'kysely';
import type { TransactionDefinition } from '@lab/core/transactions';
import type { Database } from '../../db/schema.js';
import { insertInBatches } from '../../imports/rows.js';
import type { TransactionDefinitionTable } from './tables.js';
import './tables.js';

export const DATASET_NAME = 'transactions';

/** One definition as the importer hands it over (version comes from the import option). */
export type DefinitionRow = Omit<TransactionDefinitionTable, 'id' | 'version' | 'updated_at'>;

export function toDefinition(r: Selectable<TransactionDefinitionTable>): TransactionDefinition {
  return {
    version: r.version,
    type: r.tran_type,
    id: Number(r.tran_id),
    description: r.description,
    valueType: r.value_type,
    length: r.length,
    occurrences: r.occurrences,
    details: r.details,
    allValues: r.all_values,
  };
}

// Rows per INSERT: 10 parameters each stays far below SQLite's and PostgreSQL's parameter limits.
const CHUNK = 500;

/**
 * Inserts or replaces definitions by (version, type, id); with `keepExisting`, only inserts the
 * missing ones. A key repeated in one file keeps its last row (PostgreSQL refuses to update one
 * row twice in a statement).
 */
export async function upsertDefinitions(
  db: Kysely<Database>,
  version: string,
  rows: DefinitionRow[],
  now: string,
  { keepExisting = false } = {},
) {
  const byKey = new Map<string, DefinitionRow>();
  for (const r of rows) byKey.set(`${r.tran_type}\u0000${r.tran_id}`, r);
  const values = [...byKey.values()].map((r) => ({ ...r, version, updated_at: now }));
  await insertInBatches(values, CHUNK, (batch) =>
    db
      .insertInto('transaction_definitions')
      .values(batch)
      .onConflict((oc) =>
        keepExisting
          ? oc.columns(['version', 'tran_type', 'tran_id']).doNothing()
          : oc.columns(['version', 'tran_type', 'tran_id']).doUpdateSet((eb) => ({
              description: eb.ref('excluded.description'),
              value_type: eb.ref('excluded.value_type'),
              length: eb.ref('excluded.length'),
              occurrences: eb.ref('excluded.occurrences'),
              details: eb.ref('excluded.details'),
              all_values: eb.ref('excluded.all_values'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
      )
      .execute(),
  );
  return values.length;
}

export async function allDefinitions(db: Kysely<Database>): Promise<TransactionDefinition[]> {
  const rows = await db.selectFrom('transaction_definitions').selectAll().execute();
  return rows.map(toDefinition);
}

/**
 * Changes whenever definitions are imported (the importer and the seeder both log an import run):
 * lets every server instance notice imports made by others, or by the CLI, on the shared database.
 */
export async function definitionsStamp(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('import_runs')
    .select('id')
    .where('dataset', '=', DATASET_NAME)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : 0;
}

/** Rows the keyword log keeps: the newest ones; older ids are deleted as new ones arrive. */
export const KEYWORD_LOG_ROWS = 1_000;

/** Appends a searched keyword and drops what falls out of the newest KEYWORD_LOG_ROWS (a primary-key range). */
export async function logKeyword(
  db: Kysely<Database>,
  keyword: string,
  isId: boolean,
  now: string,
  keep = KEYWORD_LOG_ROWS,
) {
  const { id } = await db
    .insertInto('transaction_keywords')
    .values({ keyword, is_id: isId ? 1 : 0, created: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (Number(id) > keep) {
    await db
      .deleteFrom('transaction_keywords')
      .where('id', '<=', Number(id) - keep)
      .execute();
  }
}

export interface RecentKeyword {
  keyword: string;
  isId: boolean;
  created: string;
}

/** The latest distinct keywords, newest first (read in pages from the end of the log). */
export async function recentKeywords(db: Kysely<Database>, limit: number): Promise<RecentKeyword[]> {
  const seen = new Map<string, RecentKeyword>();
  const page = 100;
  let before: number | undefined;
  while (seen.size < limit) {
    let query = db.selectFrom('transaction_keywords').selectAll().orderBy('id', 'desc').limit(page);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.execute();
    for (const r of rows) {
      if (!seen.has(r.keyword))
        seen.set(r.keyword, { keyword: r.keyword, isId: Number(r.is_id) === 1, created: r.created });
      if (seen.size === limit) break;
    }
    if (rows.length < page) break;
    before = Number(rows[rows.length - 1]!.id);
  }
  return [...seen.values()];
}

/** The definitions of some field ids of one version and type (the CLI's parse). */
export async function definitionsByIds(
  db: Kysely<Database>,
  version: string,
  type: string,
  ids: readonly number[],
): Promise<TransactionDefinition[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('transaction_definitions')
    .selectAll()
    .where('version', '=', version)
    .where('tran_type', '=', type)
    .where('tran_id', 'in', [...ids])
    .execute();
  return rows.map(toDefinition);
}
