import { ImportError } from './tabular.js';

/** Helpers for dataset writers (Dataset.write). */

/** Inserts in slices so one statement stays under the bind-parameter limits of SQLite and PostgreSQL. */
export async function insertInBatches<T>(
  rows: readonly T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Throws when a key appears twice in one file (the import is all-or-nothing, so nothing is written). */
export function assertUnique<T>(rows: readonly T[], key: (r: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const k = key(r);
    if (seen.has(k)) throw new ImportError(`row ${i + 1}: ${what} ${k} appears more than once`);
    seen.add(k);
  }
}
