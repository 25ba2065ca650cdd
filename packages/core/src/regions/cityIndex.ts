import { foldDiacritics } from './matching.js';

export interface CityRecord {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  /** First-level division code as the source gives it (`NY`, `23`). */
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

export interface CitySearchOptions {
  /** Only cities of this alpha-2 country. */
  country?: string | undefined;
  limit?: number | undefined;
}

/** Search key of a city name: accent-free, lower case, single spaces. */
export function cityKey(name: string): string {
  return foldDiacritics(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Best first: the exact name before longer names, then the larger population, then the name. */
function better(a: CityRecord, aExact: boolean, b: CityRecord, bExact: boolean): boolean {
  if (aExact !== bExact) return aExact;
  if (a.population !== b.population) return a.population > b.population;
  return a.name < b.name;
}

/**
 * An in-memory prefix index over city names: the keys sorted once, a query is a binary search
 * for the first key at or after the prefix and a scan while keys share it.
 */
export class CityPrefixIndex {
  private readonly keys: string[];
  private readonly order: Int32Array;

  constructor(private readonly cities: readonly CityRecord[]) {
    const keyed = cities.map((c, i) => ({ key: cityKey(c.name), i }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
    this.keys = keyed.map((k) => k.key);
    this.order = Int32Array.from(keyed.map((k) => k.i));
  }

  get size(): number {
    return this.cities.length;
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Cities whose name starts with the query (case- and accent-insensitive), best first. */
  search(query: string, options: CitySearchOptions = {}): CityRecord[] {
    const prefix = cityKey(query);
    if (!prefix) return [];
    const limit = Math.max(1, options.limit ?? 50);
    const country = options.country?.toUpperCase();
    const top: { city: CityRecord; exact: boolean }[] = [];
    for (let k = this.lowerBound(prefix); k < this.keys.length; k++) {
      const key = this.keys[k]!;
      if (!key.startsWith(prefix)) break;
      const city = this.cities[this.order[k]!]!;
      if (country && city.country !== country) continue;
      const exact = key === prefix;
      if (top.length === limit) {
        const last = top[limit - 1]!;
        if (!better(city, exact, last.city, last.exact)) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && better(city, exact, top[at - 1]!.city, top[at - 1]!.exact)) at--;
      top.splice(at, 0, { city, exact });
    }
    return top.map((t) => t.city);
  }
}
