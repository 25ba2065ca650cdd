/** Rules of the Chinese HS-code search (Search HS Code (CN)). */

export const HS_KEYWORD_MIN = 4;
export const HS_KEYWORD_MAX = 12;
export const HS_PAGE_SIZE = 50;
export const HS_TOO_SHORT = '请输入至少4位数字';

export type HsKeywordCheck = { ok: true; digits: string } | { ok: false; message: string };

/** The keyword must be 4 to 12 digits (spaces and dots people paste from tariffs are dropped). */
export function checkHsKeyword(input: string): HsKeywordCheck {
  const digits = input.replace(/[\s.]/g, '');
  if (!/^\d*$/.test(digits) || digits.length < HS_KEYWORD_MIN) return { ok: false, message: HS_TOO_SHORT };
  if (digits.length > HS_KEYWORD_MAX) return { ok: false, message: `最多${HS_KEYWORD_MAX}位数字` };
  return { ok: true, digits };
}

/** The customs location column: `nonSCN` rows apply outside South China, the rest nationwide. */
export function hsLocationLabel(location: string): string {
  return location.trim().toLowerCase() === 'nonscn' ? '非华南' : '全国';
}

/** One China customs commodity row, as stored and shown. */
export interface HsCodeRow {
  /** `nonSCN` (outside South China) or anything else for nationwide. */
  location: string;
  hs_code: string;
  commodity_name: string;
  legal_unit_1: string;
  legal_unit_2: string;
  regulatory_condition: string;
  export_tax_rate: string;
}
