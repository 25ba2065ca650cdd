import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesOf } from '../../app.js';
import { runImport } from '../../imports/registry.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { lookupsModule } from './index.js';

// Dialect-sensitive: locate reads the imported GeoNames postal table.
describe.each(dialectsFor('dialect-sensitive'))('places.locate on %s', (dialect) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-places-'));
    // One GeoNames row with coordinates (Munich 80331), one without (a made-up 80999).
    const file = path.join(dir, 'DE.txt');
    const row = (cells: string[]) => cells.join('\t');
    fs.writeFileSync(
      file,
      [
        row(['DE', '80331', 'München', 'Bayern', 'BY', 'Upper Bavaria', '091', '', '09162', '48.1372', '11.5755', '4']),
        row(['DE', '80999', 'Nirgendwo', 'Bayern', 'BY', '', '', '', '', '', '', '']),
      ].join('\n') + '\n',
    );
    expect((await runImport(t.app.db, lookupsModule.datasets, 'postal-geonames', file, {})).ok).toBe(true);
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const locate = (address: { city?: string; postalCode?: string; countryCode?: string }) =>
    servicesOf(t.app).places.locate(address);

  it('places a US ZIP by its coordinates', async () => {
    const memphis = await locate({ postalCode: '38125', countryCode: 'US' });
    expect(memphis).toMatchObject({
      precision: 'postal',
      city: 'Memphis',
      stateOrProvinceCode: 'TN',
      countryCode: 'US',
    });
    expect(Math.abs(memphis!.lat - 35.05)).toBeLessThan(0.2);
  });

  it("places another country's postal code by the imported GeoNames row", async () => {
    expect(await locate({ postalCode: '80331', countryCode: 'de' })).toEqual({
      precision: 'postal',
      lat: 48.1372,
      lon: 11.5755,
      city: 'München',
      stateOrProvinceCode: 'BY',
      postalCode: '80331',
      countryCode: 'DE',
    });
  });

  it('holds one city table for Search Cities and the other lookups, dropped when closed', async () => {
    const places = servicesOf(t.app).places;
    places.close();
    expect(places.citiesHeld).toBe(false);
    const ready = async () => (await t.app.inject('/lab/api/utils/v1/cities/ready')).json();
    expect(await ready()).toEqual({ ready: false });
    // While the index builds it is held but not ready: the screen says it is preparing.
    const building = places.warm();
    expect(places.citiesHeld).toBe(true);
    expect(places.citiesReady).toBe(false);
    await building;
    expect(await ready()).toEqual({ ready: true });
    expect((await t.app.inject('/lab/api/utils/v1/cities?q=lyon&country=FR&limit=1')).json().data[0].name).toBe('Lyon');
    expect(places.citiesHeld).toBe(true);
    expect(await locate({ city: 'Lyon', countryCode: 'FR' })).toMatchObject({ precision: 'city', city: 'Lyon' });
    places.close();
    expect(places.citiesHeld).toBe(false);
    expect(await ready()).toEqual({ ready: false });
  });

  it("falls back to the city by name, then to the country's most populous city", async () => {
    const lyon = await locate({ city: 'lyon', postalCode: '69001', countryCode: 'FR' });
    expect(lyon).toMatchObject({ precision: 'city', city: 'Lyon', postalCode: '69001', countryCode: 'FR' });
    // A postal row without coordinates and no city: the country's main city.
    const germany = await locate({ postalCode: '80999', countryCode: 'DE' });
    expect(germany).toMatchObject({ precision: 'country', city: 'Berlin', countryCode: 'DE' });
    expect(await locate({ city: 'Nowhere', countryCode: 'ZZ' })).toBeUndefined();
  });
});
