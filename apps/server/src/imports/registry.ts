import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatasetInfo } from '@lab/core/contract';
import type { DatasetFileFormat } from '@lab/core/datasets';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { ImportError, readTabular, type RawRecord } from './tabular.js';

export { ImportError } from './tabular.js';

export interface DatasetOption {
  /** Long flag name without dashes, e.g. `version` for `--version V`. */
  name: string;
  description: string;
  required?: boolean;
}

/**
 * A kind of file `lab import <dataset> <file>` loads. The framework reads the file, validates every
 * row with `row`, and only if all rows pass calls `write` inside one transaction: a file imports
 * completely or not at all.
 */
export interface Dataset<Row = unknown> {
  name: string;
  description: string;
  /** The file's types, columns and an example row (`lab import <dataset> --help`, the screens' hints). */
  format?: DatasetFileFormat;
  options?: DatasetOption[];
  /** Reads the file into raw records; default: CSV/JSON/XLSX by extension. */
  read?: (file: string) => Promise<RawRecord[]>;
  /**
   * For datasets whose files are whole documents: reads every `<file|dir>` argument at once
   * (`lab import <dataset> <file|dir>…`), all of them imported in one transaction or none.
   * Without it a dataset takes exactly one file.
   */
  readMany?: (files: string[]) => Promise<RawRecord[]>;
  row: z.ZodType<Row>;
  /** Writes the rows; a returned string is the summary the CLI prints instead of the row count. */
  write: (trx: Kysely<Database>, rows: Row[], options: Record<string, string>) => Promise<void | string>;
}

export interface RejectedRow {
  /** 1-based data row number (the header is not counted). */
  row: number;
  reason: string;
}

export interface ImportReport {
  dataset: string;
  file: string;
  ok: boolean;
  imported: number;
  rejected: RejectedRow[];
  /** What `write` said it did, when it says. */
  summary?: string;
}

export function findDataset(datasets: Dataset<any>[], name: string): Dataset<any> {
  const ds = datasets.find((d) => d.name === name);
  if (!ds) {
    const known = datasets.map((d) => d.name).join(', ') || 'none';
    throw new ImportError(`unknown dataset "${name}" (known: ${known})`);
  }
  return ds;
}

export async function runImport(
  db: Db,
  datasets: Dataset<any>[],
  name: string,
  fileOrFiles: string | string[],
  options: Record<string, string> = {},
): Promise<ImportReport> {
  const dataset = findDataset(datasets, name);
  for (const opt of dataset.options ?? []) {
    if (opt.required && !options[opt.name]) throw new ImportError(`${name} needs --${opt.name} (${opt.description})`);
  }
  const files = typeof fileOrFiles === 'string' ? [fileOrFiles] : fileOrFiles;
  if (!dataset.readMany && files.length !== 1) throw new ImportError(`${name} takes one file, not ${files.length}`);
  const file = files.join(' ');
  const records = dataset.readMany ? await dataset.readMany(files) : await (dataset.read ?? readTabular)(files[0]!);
  if (records.length === 0) throw new ImportError(`${file} holds no rows`);
  const rows: unknown[] = [];
  const rejected: RejectedRow[] = [];
  records.forEach((record, i) => {
    const parsed = dataset.row.safeParse(record);
    if (parsed.success) rows.push(parsed.data);
    else {
      const reason = parsed.error.issues.map((iss) => `${iss.path.join('.') || 'row'}: ${iss.message}`).join('; ');
      rejected.push({ row: i + 1, reason });
    }
  });
  if (rejected.length > 0) return { dataset: name, file, ok: false, imported: 0, rejected };
  let summary: string | undefined;
  await db.kysely.transaction().execute(async (trx) => {
    summary = (await dataset.write(trx, rows, options)) ?? undefined;
    await trx
      .insertInto('import_runs')
      .values({
        dataset: name,
        source: file,
        rows_imported: rows.length,
        options: JSON.stringify(options),
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  return { dataset: name, file, ok: true, imported: rows.length, rejected: [], ...(summary ? { summary } : {}) };
}

/** The newest import of a dataset: its `--dataset` label and when it ran, or null when none. */
export async function latestImport(db: Kysely<Database>, dataset: string): Promise<DatasetInfo> {
  const run = await db
    .selectFrom('import_runs')
    .select(['options', 'created_at'])
    .where('dataset', '=', dataset)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return null;
  let label: string | null = null;
  try {
    const opts = JSON.parse(run.options) as { dataset?: unknown };
    if (typeof opts.dataset === 'string') label = opts.dataset;
  } catch {
    label = null;
  }
  return { label, importedAt: run.created_at };
}
