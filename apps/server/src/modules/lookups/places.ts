// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="./vendor.d.ts" />
import type { FastifyBaseLogger } from 'fastify';
import tzLookup from '@photostructure/tz-lookup';
import type { Kysely } from 'kysely';
import type { CityRecord, CitySearchOptions, CityTable, EtdEciRule, NearbyCity, PostalPlace } from '@lab/core/regions';
import type { Database } from '../../db/schema.js';
import type { ServiceContext } from '../../module.js';
import { loadCityTable } from './cities/cityData.js';
import { etdRules } from './etd-eci/repo.js';
import { IdleCache } from './idle.js';
import {
  lookupPostal,
  normalizePostalCode,
  offlinePostalProvider,
  postalCoordinates,
  type PostalProvider,
  zipCodes,
} from './postal/provider.js';
import { countryCatalog } from './regions/countries.js';
import { regionRecord } from './regions/service.js';

export interface Origin {
  lat: number;
  lon: number;
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

/** A country as the Search Regions tool answers it: its postal format with the carrier's overrides applied. */
export interface CountryFacts {
  alpha2: string;
  name: string;
  /** The postal code format of a postal-routed country (anchored); null when it is not postal-routed. */
  postalPattern: RegExp | null;
}

/** A postal format as a whole-value, case-blind match; null when the imported override is not a valid expression. */
function anchoredPattern(source: string): RegExp | null {
  try {
    return new RegExp(source.startsWith('^') ? source : `^(?:${source})$`, 'i');
  } catch {
    return null;
  }
}

export type { NearbyCity };

/** Where an address is, and how precisely our data knows it. */
export interface Located extends Origin {
  /** `postal`: the postal code's coordinates; `city`: the city's by name; `country`: the country's most populous city. */
  precision: 'postal' | 'city' | 'country';
}

const cityOrigin = (c: CityRecord, postalCode: string): Origin => ({
  lat: c.lat,
  lon: c.lon,
  city: c.name,
  stateOrProvinceCode: c.adminCode,
  postalCode,
  countryCode: c.country,
});

/**
 * The `places` service (LabServices['places']): what the lookups know of where things are, for
 * the Search Cities route and other modules (the carrier simulator's locations search, rating and
 * postal validation). It holds the process's one table of the world's cities: read on first use
 * and dropped after LOOKUP_DATA_IDLE_MS without one.
 */
export class Places {
  private readonly cities: IdleCache<CityTable>;
  private readonly postal: PostalProvider;
  private readonly patterns = new Map<string, RegExp | null>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    idleMs: number,
  ) {
    this.cities = new IdleCache(loadCityTable, idleMs);
    this.postal = offlinePostalProvider(db);
  }

  /** Where a search starts: a US ZIP's coordinates, else the most populous city of that name. */
  /** Builds the city index now (`serve` runs it after start, so the first search does not wait for it). */
  async warm(): Promise<void> {
    await this.cities.get();
  }

  async findOrigin(address: { city?: string; postalCode?: string; countryCode?: string }): Promise<Origin | undefined> {
    const country = (address.countryCode ?? 'US').toUpperCase();
    const postal = address.postalCode ? normalizePostalCode(country, address.postalCode) : '';
    if (country === 'US' && /^\d{5}$/.test(postal)) {
      const zip = (await zipCodes()).lookup(postal);
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
    const match = (await this.cities.get()).named(country, address.city.trim());
    return match && { ...cityOrigin(match, postal), countryCode: country };
  }

  /**
   * Where an address is, as precisely as our data knows: a US ZIP, else a postal code's place in
   * the imported GeoNames table, else the city by name, else the country's most populous city;
   * undefined for a country our cities data does not have.
   */
  async locate(address: { city?: string; postalCode?: string; countryCode?: string }): Promise<Located | undefined> {
    const country = (address.countryCode ?? 'US').toUpperCase();
    const postal = address.postalCode ? normalizePostalCode(country, address.postalCode) : '';
    const origin = await this.findOrigin({ ...address, city: undefined });
    if (origin) return { ...origin, precision: 'postal' };
    const place = postal ? await postalCoordinates(this.db, country, postal) : undefined;
    if (place) return { ...place, precision: 'postal' };
    const city = address.city ? await this.findOrigin(address) : undefined;
    if (city) return { ...city, precision: 'city' };
    const main = (await this.cities.get()).mainCity(country);
    return main && { ...cityOrigin(main, postal), precision: 'country' };
  }

  /**
   * The IANA time zone of an address (`America/Chicago`): where `locate` puts it, looked up in the
   * time-zone boundaries (tz-lookup); undefined when we cannot place it.
   */
  async timeZone(address: { city?: string; postalCode?: string; countryCode?: string }): Promise<string | undefined> {
    const at = await this.locate(address);
    return at && tzLookup(at.lat, at.lon);
  }

  /** Cities of the origin's country nearest to it (the origin's own city first), within `maxKm`. */
  async citiesNear(origin: Origin, count: number, maxKm: number): Promise<NearbyCity[]> {
    return (await this.cities.get()).near(origin, origin.countryCode, count, maxKm);
  }

  /** Cities whose name starts with `query` (Search Cities), best first, and how long the search itself took. */
  async searchCities(query: string, options: CitySearchOptions): Promise<{ cities: CityRecord[]; tookMs: number }> {
    const table = await this.cities.get();
    const started = performance.now();
    const cities = table.search(query, options);
    return { cities, tookMs: performance.now() - started };
  }

  /** Whether the city index is built: a search now does not wait for it (the screen says it is preparing). */
  get citiesReady(): boolean {
    return this.cities.ready;
  }

  /** Whether the city table is held now (tests). */
  get citiesHeld(): boolean {
    return this.cities.held;
  }

  /** Drops the city table and its idle timer (the app closes). */
  close(): void {
    this.cities.clear();
  }

  /**
   * A country by alpha-2 with its postal format, the same record the Search Regions tool answers
   * (regionRecord: our country data with the imported regions-served overrides); undefined when
   * the code names no country.
   */
  async country(alpha2: string): Promise<CountryFacts | undefined> {
    const c = countryCatalog().byAlpha2.get(alpha2.toUpperCase());
    if (!c) return undefined;
    const override = await this.db
      .selectFrom('regions_served')
      .selectAll()
      .where('alpha_2', '=', c.alpha_2)
      .executeTakeFirst();
    const record = regionRecord(c, override);
    const source = record.is_postal_routed ? record.postal_pattern.pattern : null;
    const key = source ?? '';
    if (!this.patterns.has(key)) {
      this.patterns.set(key, source ? anchoredPattern(source) : null);
    }
    return { alpha2: c.alpha_2, name: c.name, postalPattern: this.patterns.get(key) ?? null };
  }

  /**
   * Whether a country accepts electronic trade documents on import (the ETD/ECI data's etd_import);
   * undefined when no rule for it is imported.
   */
  async etdImportAccepted(alpha2: string): Promise<boolean | undefined> {
    const [rule] = await etdRules(this.db, [alpha2.toUpperCase()]);
    return rule?.etd_import;
  }

  /** A country's whole ETD/ECI rule (export and import, signature and letterhead); undefined when none is imported. */
  async etdRule(alpha2: string): Promise<EtdEciRule | undefined> {
    const [rule] = await etdRules(this.db, [alpha2.toUpperCase()]);
    return rule;
  }

  /** Places of a postal code (zipcodes for the US, imported GeoNames data elsewhere); [] when the lookup fails. */
  postalPlaces(countryCode: string, postalCode: string): Promise<PostalPlace[]> {
    return lookupPostal(this.postal, this.log, countryCode.toUpperCase(), postalCode);
  }
}

export const createPlaces = ({ db, log, config }: ServiceContext): Places =>
  new Places(db.kysely, log, config.lookupDataIdleMs);
