import { distanceKm } from './geo.js';
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

export interface NearbyCity {
  city: CityRecord;
  km: number;
}

/** Printable ASCII words with single spaces between them: nothing to fold, collapse or trim. */
const PLAIN = /^[!-~]+(?: [!-~]+)*$/;

/** Search key of a city name: accent-free, lower case, single spaces. */
export function cityKey(name: string): string {
  // Most names are plain: lower case is their key (the same string, without the work and garbage
  // of folding 135k names when the table is built).
  if (PLAIN.test(name)) return name.toLowerCase();
  return foldDiacritics(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A string of many, as one text and where each one starts (`starts` has one more entry: the end). */
interface PackedStrings {
  text: string;
  starts: Uint32Array;
}

function pack(strings: readonly string[]): PackedStrings {
  const starts = new Uint32Array(strings.length + 1);
  for (let i = 0; i < strings.length; i++) starts[i + 1] = starts[i]! + strings[i]!.length;
  return { text: strings.join(''), starts };
}

/** Collects cities one at a time (a file's parser, or records), then builds the table once. */
export class CityTableBuilder {
  private readonly names: string[] = [];
  private readonly countries = new Map<string, number>();
  private readonly admins = new Map<string, number>();
  private readonly country: Uint16Array;
  private readonly admin: Uint32Array;
  private readonly numbers: Float64Array[];
  private n = 0;

  /** `capacity`: how many cities will be added. */
  constructor(private readonly capacity: number) {
    this.country = new Uint16Array(capacity);
    this.admin = new Uint32Array(capacity);
    this.numbers = [0, 1, 2, 3].map(() => new Float64Array(capacity));
  }

  private static code(codes: Map<string, number>, value: string): number {
    let code = codes.get(value);
    if (code === undefined) codes.set(value, (code = codes.size));
    return code;
  }

  add(id: number, name: string, country: string, adminCode: string, population: number, lat: number, lon: number) {
    if (this.n === this.capacity) throw new Error(`more cities than the ${this.capacity} announced`);
    const i = this.n++;
    this.names.push(name);
    this.country[i] = CityTableBuilder.code(this.countries, country);
    this.admin[i] = CityTableBuilder.code(this.admins, adminCode);
    const [ids, populations, lats, lons] = this.numbers;
    ids![i] = id;
    populations![i] = population;
    lats![i] = lat;
    lons![i] = lon;
  }

  build(): CityTable {
    if (this.countries.size > 0xffff) throw new Error('more than 65,535 countries');
    const [ids, populations, lats, lons] = this.numbers.map((a) => a.subarray(0, this.n));
    return new CityTable({
      names: pack(this.names),
      countryCodes: [...this.countries.keys()],
      adminCodes: [...this.admins.keys()],
      country: this.country.subarray(0, this.n),
      admin: this.admin.subarray(0, this.n),
      ids: ids!,
      populations: populations!,
      lats: lats!,
      lons: lons!,
    });
  }
}

interface Columns {
  names: PackedStrings;
  countryCodes: string[];
  adminCodes: string[];
  country: Uint16Array;
  admin: Uint32Array;
  ids: Float64Array;
  populations: Float64Array;
  lats: Float64Array;
  lons: Float64Array;
}

/**
 * The world's cities in columns (typed arrays, names in one string) rather than an object per
 * city, with the lookups made on them: a prefix search over the names, a city by exact name, a
 * country's most populous city, the cities near a point. A record object is made only for what
 * a lookup returns.
 *
 * The prefix search: the search keys (cityKey) sorted once, a query is a binary search for the
 * first key at or after the prefix and a scan while keys share it, keeping the best `limit`
 * (exact name first, then the larger population, then the earlier key). A query within one
 * country scans that country's positions in the same sorted order.
 */
export class CityTable {
  /** Search keys in sorted order, the city at each sorted position and its population (the ranking reads it). */
  private readonly keys: PackedStrings;
  private readonly order: Int32Array;
  private readonly sortedPopulation: Float64Array;
  /** Per country code: its sorted positions (ascending), its cities in table order, its most populous city. */
  private readonly countryPositions: Int32Array[];
  private readonly countryCities: Int32Array[];
  private readonly countryMain: Int32Array;
  private readonly countryOf: Map<string, number>;
  /** Per country, built on first use: lower-case name → its most populous city. */
  private readonly byName = new Map<number, Map<string, number>>();

  constructor(private readonly c: Columns) {
    const size = c.ids.length;
    const keys = Array.from({ length: size }, (_, i) => cityKey(this.name(i)));
    // (An Array sorts faster than an Int32Array with a comparator.)
    const sorted = Array.from({ length: size }, (_, i) => i).sort((a, b) =>
      keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b,
    );
    this.order = Int32Array.from(sorted);
    this.keys = pack(sorted.map((i) => keys[i]!));
    this.sortedPopulation = Float64Array.from(this.order, (i) => c.populations[i]!);
    this.countryOf = new Map(c.countryCodes.map((code, i) => [code, i]));
    const perCountry = new Uint32Array(c.countryCodes.length);
    for (const k of c.country) perCountry[k]!++;
    this.countryPositions = Array.from(perCountry, (n) => new Int32Array(n));
    this.countryCities = Array.from(perCountry, (n) => new Int32Array(n));
    this.countryMain = new Int32Array(c.countryCodes.length).fill(-1);
    const filled = new Uint32Array(c.countryCodes.length);
    for (let k = 0; k < size; k++) {
      const country = c.country[this.order[k]!]!;
      this.countryPositions[country]![filled[country]!++] = k;
    }
    filled.fill(0);
    for (let i = 0; i < size; i++) {
      const country = c.country[i]!;
      this.countryCities[country]![filled[country]!++] = i;
      const main = this.countryMain[country]!;
      if (main < 0 || c.populations[main]! < c.populations[i]!) this.countryMain[country] = i;
    }
  }

  /** From city records (tests; the server builds from its data file with CityTableBuilder). */
  static fromRecords(records: readonly CityRecord[]): CityTable {
    const builder = new CityTableBuilder(records.length);
    for (const r of records) builder.add(r.id, r.name, r.country, r.adminCode, r.population, r.lat, r.lon);
    return builder.build();
  }

  get size(): number {
    return this.c.ids.length;
  }

  private name(i: number): string {
    return this.c.names.text.slice(this.c.names.starts[i], this.c.names.starts[i + 1]);
  }

  /** The city at table position `i` (the order it was added in), as a record. */
  record(i: number): CityRecord {
    const c = this.c;
    return {
      id: c.ids[i]!,
      name: this.name(i),
      country: c.countryCodes[c.country[i]!]!,
      adminCode: c.adminCodes[c.admin[i]!]!,
      population: c.populations[i]!,
      lat: c.lats[i]!,
      lon: c.lons[i]!,
    };
  }

  /** The key at sorted position `k` compared with `prefix` (as `<` compares strings: UTF-16 code units). */
  private compareKey(k: number, prefix: string): number {
    const { text, starts } = this.keys;
    const start = starts[k]!;
    const length = starts[k + 1]! - start;
    const n = Math.min(length, prefix.length);
    for (let j = 0; j < n; j++) {
      const d = text.charCodeAt(start + j) - prefix.charCodeAt(j);
      if (d !== 0) return d;
    }
    return length - prefix.length;
  }

  /** Cities whose name starts with the query (case- and accent-insensitive), best first. */
  search(query: string, options: CitySearchOptions = {}): CityRecord[] {
    const prefix = cityKey(query);
    if (!prefix) return [];
    const limit = Math.max(1, options.limit ?? 50);
    let positions: Int32Array | undefined;
    if (options.country) {
      const country = this.countryOf.get(options.country.toUpperCase());
      if (country === undefined) return [];
      positions = this.countryPositions[country]!;
    }
    const count = positions ? positions.length : this.order.length;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareKey(positions ? positions[mid]! : mid, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    // Kept best first; parallel arrays of sorted positions and their exactness.
    const { text, starts } = this.keys;
    const population = this.sortedPopulation;
    const top: number[] = [];
    const exactOf: boolean[] = [];
    const isBetter = (k: number, exact: boolean, j: number) => {
      if (exact !== exactOf[j]) return exact;
      const a = population[k]!;
      const b = population[top[j]!]!;
      return a !== b ? a > b : k < top[j]!;
    };
    for (let p = lo; p < count; p++) {
      const k = positions ? positions[p]! : p;
      const start = starts[k]!;
      const length = starts[k + 1]! - start;
      if (length < prefix.length || !text.startsWith(prefix, start)) break;
      const exact = length === prefix.length;
      if (top.length === limit) {
        if (!isBetter(k, exact, limit - 1)) continue;
        top.pop();
        exactOf.pop();
      }
      let slot = top.length;
      while (slot > 0 && isBetter(k, exact, slot - 1)) slot--;
      top.splice(slot, 0, k);
      exactOf.splice(slot, 0, exact);
    }
    return top.map((k) => this.record(this.order[k]!));
  }

  /** The most populous city of `country` named `name` (compared in lower case, as given otherwise); the first on a tie. */
  named(country: string, name: string): CityRecord | undefined {
    const code = this.countryOf.get(country);
    if (code === undefined) return undefined;
    let names = this.byName.get(code);
    if (!names) {
      names = new Map();
      for (const i of this.countryCities[code]!) {
        const key = this.name(i).toLowerCase();
        const best = names.get(key);
        if (best === undefined || this.c.populations[best]! < this.c.populations[i]!) names.set(key, i);
      }
      this.byName.set(code, names);
    }
    const i = names.get(name.toLowerCase());
    return i === undefined ? undefined : this.record(i);
  }

  /** The most populous city of a country (the first on a tie); undefined for a country without cities. */
  mainCity(country: string): CityRecord | undefined {
    const code = this.countryOf.get(country);
    return code === undefined ? undefined : this.record(this.countryMain[code]!);
  }

  /** Cities of `country` within `maxKm` of a point, nearest first (then the more populous, then table order). */
  near(point: { lat: number; lon: number }, country: string, count: number, maxKm: number): NearbyCity[] {
    const code = this.countryOf.get(country);
    if (code === undefined) return [];
    const found: { i: number; km: number }[] = [];
    const at = { lat: 0, lon: 0 };
    for (const i of this.countryCities[code]!) {
      at.lat = this.c.lats[i]!;
      at.lon = this.c.lons[i]!;
      const km = distanceKm(point, at);
      if (km <= maxKm) found.push({ i, km });
    }
    const population = this.c.populations;
    return found
      .sort((a, b) => a.km - b.km || population[b.i]! - population[a.i]!)
      .slice(0, count)
      .map(({ i, km }) => ({ city: this.record(i), km }));
  }
}
