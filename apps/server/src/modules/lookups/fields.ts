import { z } from 'zod';
import { countryCatalog } from './regions/countries.js';

/** Cell rules shared by the lookup datasets (regions-served, hs-cn, etd-eci, postal-geonames). */

/** A cell as text: spreadsheets give numbers and empty cells as other types. */
export const cellText = z.preprocess((v) => (v === null || v === undefined ? '' : String(v).trim()), z.string());

/** An ISO 3166-1 alpha-2 code the product knows, any case. */
export const knownAlpha2 = cellText
  .transform((s) => s.toUpperCase())
  .refine((s) => countryCatalog().byAlpha2.has(s), { message: 'not an ISO 3166-1 alpha-2 country code' });

const yes = new Set(['YES', 'Y', 'TRUE', '1']);
const no = new Set(['NO', 'N', 'FALSE', '0']);

/** YES/NO (also Y/N, TRUE/FALSE, 1/0), any case. */
export const yesNo = cellText.transform((s, ctx) => {
  const v = s.toUpperCase();
  if (yes.has(v)) return true;
  if (no.has(v)) return false;
  ctx.addIssue({ code: 'custom', message: `expected YES or NO, got "${s}"` });
  return z.NEVER;
});

/** Like yesNo, but an empty cell means "no data" (null). */
export const optionalYesNo = cellText.transform((s, ctx) => {
  if (s === '') return null;
  const v = s.toUpperCase();
  if (yes.has(v)) return true;
  if (no.has(v)) return false;
  ctx.addIssue({ code: 'custom', message: `expected YES, NO or empty, got "${s}"` });
  return z.NEVER;
});
