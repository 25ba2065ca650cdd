import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDimWeight } from '@lab/core/shipping';
import { amount, convertCents, quote, ratePackage, zonePercent, type PackageInput, type QuoteInput } from './rate.js';
import { placeHash, placeRouting as routingFor } from '@lab/core/carrier/label';
import { streetLine } from './streets.js';
import { laneOf, serviceOnLane, SERVICES, servicesOnLane, serviceTerms, type ServiceTerms } from './services.js';
import {
  addBusinessDays,
  dayOfWeek,
  FIRST_ZONE,
  LAST_ZONE,
  transitDaysFor,
  transitTimeWords,
  zoneFor,
  ZONE_BOUNDS_KM,
} from './transit.js';

const priority = serviceTerms('PRIORITY_OVERNIGHT')!;
const ground = serviceTerms('FEDEX_GROUND')!;
const intlPriority = serviceTerms('FEDEX_INTERNATIONAL_PRIORITY')!;

const base: QuoteInput = {
  service: priority,
  lane: 'domestic',
  zone: 4,
  packages: [{ weightKg: 5 }],
  currency: 'USD',
  customsValueCents: 0,
  documentsOnly: false,
};

const anyService = fc.constantFrom(...SERVICES);
const anyZone = fc.integer({ min: FIRST_ZONE, max: LAST_ZONE });
const anyPackage: fc.Arbitrary<PackageInput> = fc.record(
  {
    weightKg: fc.double({ min: 0.01, max: 300, noNaN: true }),
    dimensionsCm: fc.tuple(
      fc.double({ min: 1, max: 300, noNaN: true }),
      fc.double({ min: 1, max: 300, noNaN: true }),
      fc.double({ min: 1, max: 300, noNaN: true }),
    ),
  },
  { requiredKeys: ['weightKg'] },
);
const anyQuote: fc.Arbitrary<QuoteInput> = fc.record({
  service: anyService,
  lane: fc.constantFrom('domestic' as const, 'international' as const),
  zone: anyZone,
  packages: fc.array(anyPackage, { minLength: 1, maxLength: 6 }),
  currency: fc.constantFrom('USD', 'EUR', 'JPY', 'GBP', 'XXX'),
  customsValueCents: fc.integer({ min: 0, max: 100_000_000 }),
  documentsOnly: fc.boolean(),
});

describe('lanes', () => {
  it('are domestic within one country and international between two', () => {
    expect(laneOf('US', 'us')).toBe('domestic');
    expect(laneOf('FR', 'IT')).toBe('international');
  });

  it('allow their own services only: one rule for rates, availability and create shipment', () => {
    expect(servicesOnLane('domestic').map((s) => s.serviceType)).toEqual([
      'FIRST_OVERNIGHT',
      'PRIORITY_OVERNIGHT',
      'STANDARD_OVERNIGHT',
      'FEDEX_2_DAY',
      'FEDEX_EXPRESS_SAVER',
      'FEDEX_GROUND',
      'GROUND_HOME_DELIVERY',
    ]);
    expect(serviceOnLane('FEDEX_GROUND', 'international')).toBe(false);
    expect(serviceOnLane('FEDEX_INTERNATIONAL_PRIORITY', 'international')).toBe(true);
    expect(serviceOnLane('FEDEX_INTERNATIONAL_PRIORITY', 'domestic')).toBe(false);
    expect(serviceOnLane('SMART_POST', 'domestic')).toBe(false);
    for (const s of SERVICES) expect(serviceOnLane(s.serviceType, s.lane)).toBe(true);
  });
});

describe('zones and transit', () => {
  it('grow with distance: 2 up to 150 km, 11 past 10,000 km', () => {
    expect(zoneFor(0)).toBe(2);
    expect(zoneFor(150)).toBe(2);
    expect(zoneFor(150.1)).toBe(3);
    expect(zoneFor(2600)).toBe(8);
    expect(zoneFor(10_000)).toBe(10);
    expect(zoneFor(19_000)).toBe(11);
    expect(LAST_ZONE).toBe(FIRST_ZONE + ZONE_BOUNDS_KM.length);
  });

  it('property: a farther distance is never a nearer zone', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 21_000, noNaN: true }),
        fc.double({ min: 0, max: 21_000, noNaN: true }),
        (a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          expect(zoneFor(near)).toBeLessThanOrEqual(zoneFor(far));
        },
      ),
    );
  });

  it('take the service days in zone 2, ground a day more every 1 zone, international priority every 3', () => {
    expect(transitDaysFor(priority, 8)).toBe(1);
    expect(transitDaysFor(ground, 2)).toBe(1);
    expect(transitDaysFor(ground, 7)).toBe(6);
    expect(transitDaysFor(intlPriority, 4)).toBe(1);
    expect(transitDaysFor(intlPriority, 5)).toBe(2);
    expect(transitDaysFor(intlPriority, 11)).toBe(4);
  });

  it('deliver business days after the ship date, skipping the weekend', () => {
    // 2026-11-20 is a Friday.
    expect(dayOfWeek('2026-11-20')).toBe('FRI');
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-18', 2)).toBe('2026-11-20');
    expect(addBusinessDays('2026-11-18', 3)).toBe('2026-11-23');
    // A Saturday ship date delivers on Monday at the earliest.
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23');
  });

  it('property: delivery is after the ship date, never on a weekend, and later with more days', () => {
    const anyDate = fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 1, max: 20 }), (shipDate, days) => {
        const delivery = addBusinessDays(shipDate, days);
        expect(delivery > shipDate).toBe(true);
        expect(['SAT', 'SUN']).not.toContain(dayOfWeek(delivery));
        expect(addBusinessDays(shipDate, days + 1) > delivery).toBe(true);
      }),
    );
  });

  it("spells transit days the carrier's way", () => {
    expect(transitTimeWords(1)).toBe('ONE_DAY');
    expect(transitTimeWords(3)).toBe('THREE_DAYS');
    expect(transitTimeWords(20)).toBe('TWENTY_DAYS');
  });
});

describe('rates', () => {
  it('prices a 5 kg Priority Overnight package in zone 4 from the table', () => {
    // (54.00 + 10 half-kg × 2.60) × 130 % = 104.00; fuel 14.50 % = 15.08
    expect(quote(base)).toMatchObject({
      currency: 'USD',
      zone: 4,
      ratedWeightMethod: 'ACTUAL',
      billableKg: 5,
      freightCents: 10_400,
      fuelCents: 1_508,
      netChargeCents: 11_908,
      dutiesAndTaxesCents: 0,
      totalCents: 11_908,
    });
    expect(zonePercent(4)).toBe(130);
  });

  it('rates a light, bulky package by its dimensional weight (the Dim Weight tool rule)', () => {
    const p = ratePackage({ weightKg: 2, dimensionsCm: [60, 40, 30] }, priority, 2, 'USD');
    expect(calculateDimWeight([60, 40, 30], 2).roundeddimwgt).toBe(14.5);
    expect(p).toMatchObject({ actualKg: 2, dimKg: 14.5, billableKg: 14.5, ratedWeightMethod: 'DIM' });
  });

  it('estimates duties and import taxes on international lanes only, never on documents', () => {
    const customs = { ...base, service: intlPriority, customsValueCents: 100_000 };
    expect(quote({ ...customs, lane: 'international' })).toMatchObject({ dutyCents: 6_000, importTaxCents: 10_600 });
    expect(quote({ ...customs, lane: 'international', documentsOnly: true }).dutiesAndTaxesCents).toBe(0);
    expect(quote({ ...customs, lane: 'domestic' }).dutiesAndTaxesCents).toBe(0);
  });

  it('converts with the model constants and falls back to USD for a currency it does not know', () => {
    expect(convertCents(10_000, 'USD', 'EUR')).toBe(9_200);
    expect(quote({ ...base, currency: 'EUR' }).freightCents).toBe(9_568);
    expect(quote({ ...base, currency: 'XXX' }).currency).toBe('USD');
    expect(amount(11_908)).toBe(119.08);
  });

  it('property: the total is exactly the sum of its parts, in whole cents', () => {
    fc.assert(
      fc.property(anyQuote, (input) => {
        const q = quote(input);
        const cents = [q.freightCents, q.fuelCents, q.dutyCents, q.importTaxCents, q.totalCents];
        for (const c of cents) expect(Number.isSafeInteger(c)).toBe(true);
        expect(q.freightCents).toBe(q.packages.reduce((s, p) => s + p.freightCents, 0));
        expect(q.fuelCents).toBe(q.packages.reduce((s, p) => s + p.fuelCents, 0));
        for (const p of q.packages) expect(p.netCents).toBe(p.freightCents + p.fuelCents);
        expect(q.netChargeCents).toBe(q.freightCents + q.fuelCents);
        expect(q.totalCents).toBe(q.netChargeCents + q.dutyCents + q.importTaxCents);
        // The reply's decimals carry exactly those cents.
        for (const c of cents) expect(Math.round(amount(c) * 100)).toBe(c);
      }),
    );
  });

  it('property: heavier never costs less, and a heavier billable weight costs more', () => {
    fc.assert(
      fc.property(
        anyService,
        anyZone,
        fc.double({ min: 0.01, max: 300, noNaN: true }),
        fc.double({ min: 0.01, max: 300, noNaN: true }),
        (service: ServiceTerms, zone, a, b) => {
          const [light, heavy] = [Math.min(a, b), Math.max(a, b)].map((kg) =>
            ratePackage({ weightKg: kg }, service, zone, 'USD'),
          );
          if (heavy!.billableKg > light!.billableKg) expect(heavy!.netCents).toBeGreaterThan(light!.netCents);
          else expect(heavy!.netCents).toBe(light!.netCents);
        },
      ),
    );
  });

  it('property: farther costs more (a higher zone, the same package)', () => {
    fc.assert(
      fc.property(anyService, anyPackage, anyZone, anyZone, (service, p, a, b) => {
        fc.pre(a !== b);
        const [near, far] = [Math.min(a, b), Math.max(a, b)].map((zone) => ratePackage(p, service, zone, 'USD'));
        expect(far!.netCents).toBeGreaterThan(near!.netCents);
      }),
    );
  });

  it('property: within a lane, a faster service in the same zone never costs less than a slower one', () => {
    fc.assert(
      fc.property(anyZone, fc.double({ min: 0.01, max: 60, noNaN: true }), (zone, kg) => {
        const prices = servicesOnLane('domestic')
          .filter((s) => s.category === 'EXPRESS')
          .map((s) => ratePackage({ weightKg: kg }, s, zone, 'USD').netCents);
        expect([...prices].sort((x, y) => y - x)).toEqual(prices);
      }),
    );
  });
});

describe('routing table', () => {
  it('routes US ZIPs by their first digit, countries by code, the rest through Memphis', () => {
    expect(routingFor('US', '38125', 'Memphis')).toMatchObject({ serviceArea: 'A3', airportId: 'MEM' });
    expect(routingFor('US', '90210', 'Beverly Hills')).toMatchObject({ serviceArea: 'A9', airportId: 'OAK' });
    expect(routingFor('FR', '75001', 'Paris')).toMatchObject({ serviceArea: 'EU', airportId: 'CDG' });
    expect(routingFor('NP', '44600', 'Kathmandu')).toMatchObject({ serviceArea: 'AA', airportId: 'MEM' });
  });

  it('gives a place the same ids every time, from its airport and hash', () => {
    const a = routingFor('US', '38125', 'Memphis');
    expect(routingFor('US', '38125', 'MEMPHIS')).toEqual(a);
    expect(a.locationId).toMatch(/^MEM[A-Z]$/);
    expect(a.locationNumber).toMatch(/^\d{4}$/);
    expect(placeHash('abc')).toBe(placeHash('abc'));
  });

  it('writes plausible street lines, varied between places, the same for one place', () => {
    expect(streetLine('US', 'Memphis', 1)).toMatch(/^\d{1,4} [A-Z][a-z]+ (St|Ave|Blvd|Rd|Pkwy|Dr)$/);
    expect(streetLine('DE', 'Köln', 1)).toMatch(/^[A-ZÄÖÜ][a-zäöüß]+straße \d{1,3}$/);
    expect(streetLine('US', 'Memphis', 1)).toBe(streetLine('US', 'Memphis', 1));
    const lines = new Set(Array.from({ length: 20 }, (_, i) => streetLine('US', 'Memphis', i)));
    expect(lines.size).toBeGreaterThan(15);
  });
});
