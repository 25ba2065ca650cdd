/** Matching rules of the Search Regions tool, shared by the server and the screen. */

import type { RegionRecord } from '../contract/lookups.js';

/** The keyword box takes at most 15 characters. */
export const REGION_KEYWORD_MAX = 15;
/** Search Regions without a keyword (or without a region for a region search). */
export const EMPTY_KEYWORD = 'enter a code or word before search';
/** A lookup that found nothing. */
export const NO_RESULTS = 'no results found';

export type RegionSearchType = 'alpha_2' | 'alpha_3' | 'name' | 'region';

/** Alpha codes compare case-insensitively: `cn `, `Cn` and `CN` are the same code. */
export function normalizeAlphaCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Strips accents so `Curacao` finds `Curaçao` and `sao` finds `São`. */
export function foldDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A name keyword where each run of spaces is a wildcard: `united kin` matches
 * `United Kingdom`, `kor rep` does not match `Republic of Korea` (order is kept).
 * Matching is case- and accent-insensitive. Returns undefined for a blank keyword.
 */
export function nameKeywordPattern(keyword: string): RegExp | undefined {
  const parts = foldDiacritics(keyword).trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return undefined;
  return new RegExp(parts.map(escapeRegExp).join('.*'), 'iu');
}

/** True when any of the names matches the keyword (spaces as wildcards). */
export function nameMatches(keyword: string, names: readonly (string | null | undefined)[]): boolean {
  const pattern = nameKeywordPattern(keyword);
  if (!pattern) return false;
  return names.some((n) => !!n && pattern.test(foldDiacritics(n)));
}

/**
 * How many digits a postal code of this pattern has, when the pattern is made only of fixed
 * digit runs and separators (`^\d{5}$` → 5, `^\d{3}-\d{4}$` → 7); undefined when the pattern
 * allows letters or a variable length.
 */
export function postalDigitsOfPattern(pattern: string): number | undefined {
  let body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let digits = 0;
  const token = /^(?:\\d\{(\d+)\}|\\d|\[0-9\]\{(\d+)\}|\[0-9\]|\[ \]\?|\[\\-\]\??|[ -]\??|\\-\??|\\s\??)/;
  while (body.length > 0) {
    const m = token.exec(body);
    if (!m) return undefined;
    const count = m[1] ?? m[2];
    if (count !== undefined) digits += Number(count);
    else if (m[0] === '\\d' || m[0] === '[0-9]') digits += 1;
    body = body.slice(m[0].length);
  }
  return digits > 0 ? digits : undefined;
}

export type { RegionRecord } from '../contract/lookups.js';

/** A node of the UN M49 browser: region → sub-region → intermediate region. */
export interface M49Node {
  code: string;
  name: string;
  children: M49Node[];
}

export type RegionCardFilter = 'all' | 'served' | 'not_served' | 'postal_routed' | 'non_postal_routed';

/** The result-card filter of Search Regions. */
export function filterRegionCards(records: readonly RegionRecord[], filter: RegionCardFilter): RegionRecord[] {
  switch (filter) {
    case 'served':
      return records.filter((r) => r.is_served === true);
    case 'not_served':
      return records.filter((r) => r.is_served === false);
    case 'postal_routed':
      return records.filter((r) => r.is_postal_routed);
    case 'non_postal_routed':
      return records.filter((r) => !r.is_postal_routed);
    default:
      return [...records];
  }
}

/** True when the record lies under the chosen M49 path (`['Asia', 'Eastern Asia']`). */
export function inRegionPath(
  record: Pick<RegionRecord, 'region' | 'sub_region' | 'intermediate_region'>,
  path: readonly string[],
): boolean {
  const levels = [record.region, record.sub_region, record.intermediate_region];
  return path.length > 0 && path.every((name, i) => levels[i] === name);
}
