import {
  inRegionPath,
  nameMatches,
  normalizeAlphaCode,
  type RegionRecord,
  type RegionSearchType,
} from '@lab/core/regions';
import type { Country } from './countries.js';
import type { RegionsServedTable } from '../tables.js';

const bool = (v: number | null | undefined): boolean | null => (v === null || v === undefined ? null : v === 1);

/** A country plus the carrier's overrides; without them service is unknown and routing follows the postal format. */
export function regionRecord(c: Country, override: RegionsServedTable | undefined): RegionRecord {
  const routed = bool(override?.is_postal_routed) ?? c.postal_pattern !== null;
  const pattern = override?.postal_pattern ?? c.postal_pattern;
  const digits = override?.postal_digits ?? (override?.postal_pattern ? null : c.postal_digits);
  return {
    name: c.name,
    name_cn: c.name_cn,
    region: c.region,
    sub_region: c.sub_region,
    intermediate_region: c.intermediate_region,
    alpha_2: c.alpha_2,
    alpha_3: c.alpha_3,
    country_code: c.country_code,
    is_served: bool(override?.is_served),
    is_postal_routed: routed,
    postal_pattern: routed ? { digits, pattern } : { digits: null, pattern: null },
  };
}

export interface RegionQuery {
  type: RegionSearchType;
  keyword?: string | undefined;
  regions?: string[] | undefined;
}

/** The countries a Search Regions query selects (before the served overrides are applied). */
export function selectCountries(list: readonly Country[], q: RegionQuery): Country[] {
  const keyword = q.keyword ?? '';
  switch (q.type) {
    case 'alpha_2':
      return list.filter((c) => c.alpha_2 === normalizeAlphaCode(keyword));
    case 'alpha_3':
      return list.filter((c) => c.alpha_3 === normalizeAlphaCode(keyword));
    case 'name':
      return list.filter((c) => nameMatches(keyword, [c.name, c.name_cn, ...c.aliases]));
    case 'region': {
      const path = q.regions ?? [];
      return list.filter((c) => inRegionPath(c, path));
    }
  }
}
