import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityKey, CityTable, distanceKm, foldDiacritics, type CityRecord } from './index.js';

const city = (id: number, name: string, country: string, population: number, lat = 0, lon = 0): CityRecord => ({
  id,
  name,
  country,
  adminCode: '',
  population,
  lat,
  lon,
});

describe('city search key', () => {
  it('folds accents, lowers case and collapses spaces, the short way for plain names too', () => {
    expect(cityKey('  São   Paulo ')).toBe('sao paulo');
    expect(cityKey('New York')).toBe('new york');
    const slow = (name: string) => foldDiacritics(name).toLowerCase().replace(/\s+/g, ' ').trim();
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[ -~\t]{0,12}$/));
    fc.assert(fc.property(text, (name) => cityKey(name) === slow(name)));
  });
});

describe('city prefix search', () => {
  const cities = [
    city(1, 'Springfield', 'US', 160000),
    city(2, 'Spring', 'US', 50000),
    city(3, 'Springdale', 'US', 80000),
    city(4, 'São Paulo', 'BR', 12000000),
    city(5, 'Spring', 'GB', 1000),
    city(6, 'Paris', 'FR', 2000000),
  ];
  const table = CityTable.fromRecords(cities);

  it('finds by prefix, exact names first, then by population', () => {
    expect(table.search('spring').map((c) => c.id)).toEqual([2, 5, 1, 3]);
    expect(table.search('SPRINGF').map((c) => c.id)).toEqual([1]);
    expect(table.search('sao p').map((c) => c.id)).toEqual([4]);
    expect(table.search('spring', { country: 'gb' }).map((c) => c.id)).toEqual([5]);
    expect(table.search('spring', { limit: 2 }).map((c) => c.id)).toEqual([2, 5]);
    expect(table.search('spring', { country: 'ZZ' })).toEqual([]);
    expect(table.search('  ')).toEqual([]);
    expect(table.search('zzz')).toEqual([]);
  });

  it('answers whole records, as they were added', () => {
    expect(table.search('são paulo')).toEqual([cities[3]]);
    expect(Array.from({ length: table.size }, (_, i) => table.record(i))).toEqual(cities);
  });

  it('agrees with a plain scan, within a country too', () => {
    const names = fc.stringMatching(/^[ab]{1,4}$/);
    const rows = fc.array(fc.tuple(names, fc.nat(1000), fc.constantFrom('US', 'GB')), { maxLength: 30 });
    fc.assert(
      fc.property(rows, names, fc.constantFrom(undefined, 'US', 'GB'), (rows, q, country) => {
        const list = rows.map(([n, p, c], i) => city(i, n, c, p));
        const got = CityTable.fromRecords(list)
          .search(q, { limit: 100, country })
          .map((c) => c.id)
          .sort((a, b) => a - b);
        const want = list.filter((c) => c.name.startsWith(q) && (!country || c.country === country)).map((c) => c.id);
        expect(got).toEqual(want);
      }),
    );
  });
});

describe('city lookups', () => {
  const table = CityTable.fromRecords([
    city(1, 'Lyon', 'FR', 500000, 45.76, 4.84),
    city(2, 'Villeurbanne', 'FR', 150000, 45.77, 4.88),
    city(3, 'Paris', 'FR', 2000000, 48.86, 2.35),
    city(4, 'Paris', 'US', 25000, 33.66, -95.56),
    city(5, 'Paris', 'FR', 2000000, 0, 0),
    city(6, 'Lyon', 'FR', 10, 1, 1),
  ]);

  it('finds the most populous city of a name in a country, case-blind, the first on a tie', () => {
    expect(table.named('FR', 'paris')?.id).toBe(3);
    expect(table.named('FR', 'LYON')?.id).toBe(1);
    expect(table.named('US', 'Paris')?.id).toBe(4);
    expect(table.named('FR', 'Lille')).toBeUndefined();
    expect(table.named('ZZ', 'Paris')).toBeUndefined();
  });

  it("knows each country's most populous city", () => {
    expect(table.mainCity('FR')?.id).toBe(3);
    expect(table.mainCity('US')?.id).toBe(4);
    expect(table.mainCity('ZZ')).toBeUndefined();
  });

  it("lists a country's cities near a point, nearest first, within the distance", () => {
    const lyon = { lat: 45.76, lon: 4.84 };
    const near = table.near(lyon, 'FR', 10, 50);
    expect(near.map((n) => n.city.id)).toEqual([1, 2]);
    expect(near[1]!.km).toBeCloseTo(distanceKm(lyon, { lat: 45.77, lon: 4.88 }), 9);
    expect(table.near(lyon, 'FR', 1, 10_000).map((n) => n.city.id)).toEqual([1]);
    expect(table.near(lyon, 'ZZ', 10, 10_000)).toEqual([]);
  });
});
