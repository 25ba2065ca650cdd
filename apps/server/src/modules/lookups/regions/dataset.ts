import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import type { Dataset } from '../../../imports/registry.js';
import { assertUnique, insertInBatches } from '../../../imports/rows.js';
import { cellText, knownAlpha2, optionalYesNo } from '../fields.js';

const row = z.object({
  alpha_2: knownAlpha2,
  is_served: optionalYesNo,
  is_postal_routed: optionalYesNo,
  postal_digits: cellText.pipe(
    z.union([
      z.literal('').transform(() => null),
      z
        .string()
        .regex(/^\d{1,2}$/, 'a number of digits (1-99) or empty')
        .transform(Number),
    ]),
  ),
  postal_pattern: cellText
    .transform((s) => s || null)
    .refine(
      (s) => {
        if (s === null) return true;
        try {
          new RegExp(s);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'not a valid regular expression' },
    ),
});

type Row = z.infer<typeof row>;
const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);

/**
 * `lab import regions-served <file>`: the carrier's per-country service and postal-routing
 * overrides (alpha_2, is_served, is_postal_routed, postal_digits, postal_pattern). Countries in
 * the file are replaced; others keep what they had.
 */
export const regionsServedDataset: Dataset<Row> = {
  name: 'regions-served',
  format: DATASET_FILES['regions-served'],
  description: 'which countries the carrier serves and routes by postal code (Search Regions)',
  row,
  async write(trx, rows) {
    assertUnique(rows, (r) => r.alpha_2, 'country');
    const now = new Date().toISOString();
    await trx
      .deleteFrom('regions_served')
      .where(
        'alpha_2',
        'in',
        rows.map((r) => r.alpha_2),
      )
      .execute();
    await insertInBatches(rows, 500, (batch) =>
      trx
        .insertInto('regions_served')
        .values(
          batch.map((r) => ({
            alpha_2: r.alpha_2,
            is_served: flag(r.is_served),
            is_postal_routed: flag(r.is_postal_routed),
            postal_digits: r.postal_digits,
            postal_pattern: r.postal_pattern,
            updated_at: now,
          })),
        )
        .execute(),
    );
  },
};
