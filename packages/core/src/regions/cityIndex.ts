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

/**
 * An in-memory prefix index over city names: the keys sorted once, a query is a binary search
 * for the first key at or after the prefix and a scan while keys share it, keeping the best
 * `limit` (exact name first, then the larger population, then the earlier name). A query within
 * one country uses that country's own index, built on first use.
 */
export class CityPrefixIndex {
  private readonly keys: string[];
  private readonly order: Int32Array;
  private readonly population: Float64Array;
  private readonly byCountry = new Map<string, CityPrefixIndex>();

  constructor(private readonly cities: readonly CityRecord[]) {
    const keyed = cities.map((c, i) => ({ key: cityKey(c.name), i }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
    this.keys = keyed.map((k) => k.key);
    this.order = Int32Array.from(keyed.map((k) => k.i));
    this.population = Float64Array.from(keyed.map((k) => cities[k.i]!.population));
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

  private countryIndex(country: string): CityPrefixIndex {
    let index = this.byCountry.get(country);
    if (!index) {
      index = new CityPrefixIndex(this.cities.filter((c) => c.country === country));
      this.byCountry.set(country, index);
    }
    return index;
  }

  /** Cities whose name starts with the query (case- and accent-insensitive), best first. */
  search(query: string, options: CitySearchOptions = {}): CityRecord[] {
    if (options.country)
      return this.countryIndex(options.country.toUpperCase()).search(query, { limit: options.limit });
    const prefix = cityKey(query);
    if (!prefix) return [];
    const limit = Math.max(1, options.limit ?? 50);
    // Kept best first; parallel arrays of sorted-index positions and their exactness.
    const top: number[] = [];
    const exactOf: boolean[] = [];
    const isBetter = (k: number, exact: boolean, j: number) => {
      if (exact !== exactOf[j]) return exact;
      const a = this.population[k]!;
      const b = this.population[top[j]!]!;
      return a !== b ? a > b : k < top[j]!;
    };
    for (let k = this.lowerBound(prefix); k < this.keys.length; k++) {
      const key = this.keys[k]!;
      if (!key.startsWith(prefix)) break;
      const exact = key.length === prefix.length;
      if (top.length === limit) {
        if (!isBetter(k, exact, limit - 1)) continue;
        top.pop();
        exactOf.pop();
      }
      let at = top.length;
      while (at > 0 && isBetter(k, exact, at - 1)) at--;
      top.splice(at, 0, k);
      exactOf.splice(at, 0, exact);
    }
    return top.map((k) => this.cities[this.order[k]!]!);
  }
}
