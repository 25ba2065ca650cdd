import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import { DEFAULT_DEFINITIONS_VERSION, VERSION_PATTERN } from '@lab/core/transactions';
import { ImportError, type Dataset } from '../../imports/registry.js';
import { DATASET_NAME, upsertDefinitions, type DefinitionRow } from './repo.js';

/** Column names of older exports, read as the current ones. */
const OLD_COLUMN_NAMES: Record<string, keyof DefinitionRow> = {
  tran_description: 'description',
  tran_valuetype: 'value_type',
  tran_length: 'length',
  tran_occurrencesno: 'occurrences',
  tran_details: 'details',
  tran_allvalues: 'all_values',
};

function withCurrentNames(record: unknown): unknown {
  if (!record || typeof record !== 'object') return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = OLD_COLUMN_NAMES[key] ?? key;
    if (!(name in out) || out[name] === '' || out[name] == null) out[name] = value;
  }
  return out;
}

/** A cell as text: trimmed, and empty cells as null (attributes nobody knows stay empty). */
const optionalText = z.preprocess(
  (v) => (v === null || v === undefined ? null : String(v).trim() || null),
  z.string().max(20_000).nullable(),
);

const requiredText = (what: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : String(v).trim()),
    z.string().min(1, `${what} is missing`).max(max, `${what} is longer than ${max} characters`),
  );

export const definitionRow: z.ZodType<DefinitionRow> = z.preprocess(
  withCurrentNames,
  z.object({
    tran_type: requiredText('tran_type', 100),
    tran_id: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'tran_id is missing' })
        .regex(/^\d{1,4}$/, 'tran_id must be a field number of 1-4 digits')
        .transform(Number),
    ),
    description: requiredText('description', 1000),
    value_type: optionalText,
    length: optionalText,
    occurrences: optionalText,
    details: optionalText,
    all_values: optionalText,
  }),
);

function versionOption(options: Record<string, string>): string {
  const version = (options.version ?? '').trim();
  if (!VERSION_PATTERN.test(version))
    throw new ImportError(`--version "${version}" is not a version name (letters, digits, . _ -)`);
  return version;
}

/** `lab import transactions <file> --version V`: CSV, JSON or XLSX exports of the definitions. */
export const transactionsDataset: Dataset<DefinitionRow> = {
  name: DATASET_NAME,
  format: DATASET_FILES['transactions'],
  description: 'transaction field definitions (upsert by version, type and id)',
  options: [
    {
      name: 'version',
      description: `software version of the definitions, e.g. ${DEFAULT_DEFINITIONS_VERSION}`,
      required: true,
    },
  ],
  row: definitionRow,
  write: async (trx, rows, options) => {
    await upsertDefinitions(trx, versionOption(options), rows, new Date().toISOString());
  },
};

/**
 * The same file format for the starter data, which only adds the definitions a database lacks:
 * definitions imported before the first start are never replaced by the name-only starter rows.
 */
export const starterDataset: Dataset<DefinitionRow> = {
  ...transactionsDataset,
  write: async (trx, rows, options) => {
    await upsertDefinitions(trx, versionOption(options), rows, new Date().toISOString(), { keepExisting: true });
  },
};
