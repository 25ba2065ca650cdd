import type { Kysely } from 'kysely';
import type { EtdEciRule, RequirementLevel } from '@lab/core/regions';
import type { Database } from '../../../db/schema.js';
import type { EtdEciTable } from '../tables.js';

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

/** Every imported rule, or those of the given countries, by alpha-2. */
export async function etdRules(db: Kysely<Database>, alpha2?: string[]): Promise<EtdEciRule[]> {
  let q = db.selectFrom('etd_eci').selectAll().orderBy('alpha_2');
  if (alpha2) q = q.where('alpha_2', 'in', alpha2.length ? alpha2 : ['']);
  return (await q.execute()).map(toRule);
}
