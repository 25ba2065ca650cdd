import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EtdEciRule, HsCodeRow, RequirementLevel } from '@lab/core/regions';
import type { EtdEciTable, RegionsServedTable } from './schema.js';

/** The newest import of a dataset: its `--dataset` label and when it ran, or null when none. */
export async function latestImport(
  db: Kysely<Database>,
  dataset: string,
): Promise<{ label: string | null; importedAt: string } | null> {
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

export async function servedOverrides(db: Kysely<Database>): Promise<Map<string, RegionsServedTable>> {
  const rows = await db.selectFrom('regions_served').selectAll().execute();
  return new Map(rows.map((r) => [r.alpha_2, r]));
}

export interface HsPage {
  total: number;
  rows: HsCodeRow[];
}

/** Codes containing the digits, by code, one page. */
export async function searchHsCodes(
  db: Kysely<Database>,
  digits: string,
  page: number,
  pageSize: number,
): Promise<HsPage> {
  // digits are [0-9] only (checked before), so they carry no LIKE wildcard.
  const where = db.selectFrom('hs_codes').where('hs_code', 'like', `%${digits}%`);
  const count = await where.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await where
    .select([
      'location',
      'hs_code',
      'commodity_name',
      'legal_unit_1',
      'legal_unit_2',
      'regulatory_condition',
      'export_tax_rate',
    ])
    .orderBy('hs_code')
    .orderBy('location')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(count.n), rows };
}

function toRule(r: EtdEciTable): EtdEciRule {
  return {
    alpha_2: r.alpha_2,
    etd_export: r.etd_export === 1,
    etd_import: r.etd_import === 1,
    eci_export: r.eci_export === 1,
    eci_import: r.eci_import === 1,
    signature_export: r.signature_export as RequirementLevel,
    signature_import: r.signature_import as RequirementLevel,
    letterhead_export: r.letterhead_export as RequirementLevel,
    letterhead_import: r.letterhead_import as RequirementLevel,
  };
}

export async function etdRules(db: Kysely<Database>, alpha2?: string[]): Promise<EtdEciRule[]> {
  let q = db.selectFrom('etd_eci').selectAll().orderBy('alpha_2');
  if (alpha2) q = q.where('alpha_2', 'in', alpha2.length ? alpha2 : ['']);
  return (await q.execute()).map(toRule);
}

export async function postalRows(db: Kysely<Database>, countryCode: string, postalCode: string) {
  return db
    .selectFrom('postal_codes')
    .select(['country_code', 'postal_code', 'place_name', 'admin_code1', 'admin_name1'])
    .where('country_code', '=', countryCode)
    .where('postal_code', '=', postalCode)
    .orderBy('id')
    .limit(200)
    .execute();
}
