// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="../vendor.d.ts" />
import type { FastifyBaseLogger } from 'fastify';
import type zipcodes from 'zipcodes';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PostalPlace } from '@lab/core/regions';
import type { Origin } from '../places.js';

export type { PostalPlace } from '@lab/core/regions';

/**
 * Where postal codes are looked up: the built-in offline provider now, the carrier's postal
 * API later. A provider may throw; the caller turns that into an empty list.
 */
export interface PostalProvider {
  name: string;
  lookup(countryCode: string, postalCode: string): Promise<PostalPlace[]>;
}

/** Normalises what people type: upper case, single spaces; US ZIP+4 keeps the 5-digit ZIP. */
export function normalizePostalCode(countryCode: string, postalCode: string): string {
  const code = postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (countryCode === 'US') return code.replace(/^(\d{5})-?\d{4}$/, '$1');
  return code;
}

let zipCodesLoading: Promise<typeof zipcodes> | undefined;
/**
 * The `zipcodes` package, loaded on first use and kept: an `import()` per lookup resolves the
 * module again each time (a round trip to the loader's hooks under tsx), a tenth of a rate quote.
 */
export const zipCodes = (): Promise<typeof zipcodes> => (zipCodesLoading ??= import('zipcodes').then((m) => m.default));

/**
 * US ZIP codes from the `zipcodes` package (the city it names is the USPS preferred one, hence
 * Primary), every other country (and extra US places) from an imported GeoNames postal dump.
 */
export function offlinePostalProvider(db: Kysely<Database>): PostalProvider {
  return {
    name: 'offline',
    async lookup(countryCode, postalCode) {
      const places: PostalPlace[] = [];
      if (countryCode === 'US' && /^\d{5}$/.test(postalCode)) {
        const zip = (await zipCodes()).lookup(postalCode);
        if (zip)
          places.push({
            countryCode,
            postalCode,
            city: zip.city,
            stateOrProvinceCode: zip.state,
            primary: true,
            residential: null,
          });
      }
      const seen = new Set(places.map((p) => `${p.city.toUpperCase()}|${p.stateOrProvinceCode}`));
      for (const r of await postalRows(db, countryCode, postalCode)) {
        const key = `${r.place_name.toUpperCase()}|${r.admin_code1}`;
        if (seen.has(key)) continue;
        seen.add(key);
        places.push({
          countryCode,
          postalCode: r.postal_code,
          city: r.place_name,
          stateOrProvinceCode: r.admin_code1,
          primary: null,
          residential: null,
        });
      }
      return places;
    },
  };
}

/** Any provider failure answers an empty list and is logged, never an error page. */
export async function lookupPostal(
  provider: PostalProvider,
  log: FastifyBaseLogger,
  countryCode: string,
  postalCode: string,
): Promise<PostalPlace[]> {
  const code = normalizePostalCode(countryCode, postalCode);
  try {
    return await provider.lookup(countryCode, code);
  } catch (err) {
    log.warn({ err, provider: provider.name, countryCode, postalCode: code }, 'postal lookup failed');
    return [];
  }
}

/** GeoNames places of a postal code (imported with `lab import postal-geonames`). */
async function postalRows(db: Kysely<Database>, countryCode: string, postalCode: string) {
  return db
    .selectFrom('postal_codes')
    .select(['country_code', 'postal_code', 'place_name', 'admin_code1', 'admin_name1'])
    .where('country_code', '=', countryCode)
    .where('postal_code', '=', postalCode)
    .orderBy('id')
    .limit(200)
    .execute();
}

/** The first GeoNames place of a postal code that has coordinates (the imported table), or undefined. */
export async function postalCoordinates(
  db: Kysely<Database>,
  countryCode: string,
  postalCode: string,
): Promise<Origin | undefined> {
  const row = await db
    .selectFrom('postal_codes')
    .select(['postal_code', 'place_name', 'admin_code1', 'latitude', 'longitude'])
    .where('country_code', '=', countryCode)
    .where('postal_code', '=', postalCode)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.latitude === null || row.longitude === null) return undefined;
  return {
    lat: Number(row.latitude),
    lon: Number(row.longitude),
    city: row.place_name,
    stateOrProvinceCode: row.admin_code1,
    postalCode: row.postal_code,
    countryCode,
  };
}
