/** Rules of the Chinese HS-code search (Search HS Code (CN)). */

export const HS_KEYWORD_MIN = 4;
export const HS_KEYWORD_MAX = 12;
export const HS_PAGE_SIZE = 50;
export const HS_TOO_SHORT = '请输入至少4位数字';

/** What the HS search says about its result (the product's own Chinese messages). */
export const HS_MESSAGES = {
  notImported: '未导入海关编码数据',
  none: '没有找到相关记录',
  found: (total: number) => `共找到${total}条记录`,
} as const;

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

export type { HsCodeRow } from '../contract/lookups.js';
