import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubFor, MEMPHIS } from './hubs.js';
import { LOCAL_BUSINESS_HOURS, localReading, planScans, type PlanInput } from './lifecycle.js';
import { pickupAndDelivery } from './rating.js';
import { serviceTerms } from './tariff/services.js';
import { isHoliday } from './tariff/holidays.js';
import { transitDaysFor } from './tariff/transit.js';

const DAY = 86_400_000;
const us = (city: string, stateOrProvinceCode: string) => ({
  city,
  stateOrProvinceCode,
  postalCode: '',
  countryCode: 'US',
});

describe('regional hubs', () => {
  it('route Ground through the Ground hub of the origin region, Express through its Express hub', () => {
    expect(hubFor(us('Lindon', 'UT'), true).city).toBe('SALT LAKE CITY');
    expect(hubFor(us('New York', 'NY'), true).city).toBe('ALLENTOWN');
    expect(hubFor(us('Beverly Hills', 'CA'), false).city).toBe('OAKLAND');
    expect(hubFor(us('Memphis', 'TN'), false)).toEqual(MEMPHIS);
    expect(hubFor({ countryCode: 'CN', stateOrProvinceCode: 'GD' }, false).city).toBe('GUANGZHOU');
    expect(hubFor({ countryCode: 'FR', stateOrProvinceCode: '' }, false).countryCode).toBe('FR');
    expect(hubFor({ countryCode: 'NP', stateOrProvinceCode: '' }, false)).toEqual(MEMPHIS);
  });

  it('are not all Memphis: the six US regions use five Ground hubs none of which is Memphis', () => {
    const states = ['NY', 'GA', 'IL', 'TX', 'UT', 'CA'];
    const ground = new Set(states.map((s) => hubFor(us('x', s), true).city));
    expect(ground.size).toBe(6);
    expect(ground.has('MEMPHIS')).toBe(false);
  });
});

describe('Ground journeys (pure)', () => {
  const groundPlan = fc
    .record({
      // Labels made before 16:00 (a later label is picked up after midnight: its own day's question).
      day: fc.integer({ min: Date.UTC(2025, 0, 1) / DAY, max: Date.UTC(2028, 0, 1) / DAY }),
      minute: fc.integer({ min: 0, max: 16 * 60 - 1 }),
      daysAhead: fc.integer({ min: 0, max: 10 }),
      zone: fc.integer({ min: 2, max: 8 }),
      state: fc.constantFrom('NY', 'GA', 'IL', 'TX', 'UT', 'CA'),
    })
    .map(({ day, minute, daysAhead, zone, state }): PlanInput => {
      const created = day * DAY + minute * 60_000;
      const ground = serviceTerms('FEDEX_GROUND')!;
      const transitDays = transitDaysFor(ground, zone);
      const { pickupDate, deliveryDate } = pickupAndDelivery(
        new Date(created + daysAhead * DAY).toISOString().slice(0, 10),
        transitDays,
        ['US'],
      );
      const origin = us('Somewhere', state);
      return {
        createdAt: created,
        shipDate: pickupDate,
        deliveryDate,
        transitDays,
        international: false,
        origin,
        destination: us('Elsewhere', 'NY'),
        hub: hubFor(origin, true),
        ground: true,
        holidayCountries: ['US'],
      };
    });

  it('property: no Sunday hub scan, the regional hub, no pickup or delivery on a weekend or US holiday', () => {
    fc.assert(
      fc.property(groundPlan, (input) => {
        const plan = planScans(input, 'NORMAL');
        for (let k = 1; k < plan.length; k++) expect(plan[k]!.at).toBeGreaterThan(plan[k - 1]!.at);
        for (const scan of plan.filter((s) => s.locationType === 'SORT_FACILITY')) {
          expect(new Date(scan.at).getUTCDay(), new Date(scan.at).toISOString()).not.toBe(0);
          expect(scan.location.city).toBe(input.hub!.city);
        }
        for (const type of ['PU', 'DL']) {
          const day = new Date(plan.find((s) => s.eventType === type)!.at).toISOString().slice(0, 10);
          expect([0, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
          expect(isHoliday('US', day), `${type} ${day}`).toBe(false);
        }
      }),
    );
  });

  /** The same journeys between real zones: Honolulu, Los Angeles, Chicago, New York, Shanghai. */
  const ZONES = ['Pacific/Honolulu', 'America/Los_Angeles', 'America/Chicago', 'America/New_York', 'Asia/Shanghai'];
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

  it('property: in local time — no Ground hub scan on a local Sunday, pickup and delivery in local business hours', () => {
    fc.assert(
      fc.property(
        groundPlan,
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        (base, origin, hub, destination) => {
          // A label made before 16:00 at the origin (local), as the UTC journeys above.
          const input: PlanInput = { ...base, zones: { origin, hub, destination } };
          const local = localReading(input.createdAt, origin);
          fc.pre(local.minutes < 16 * 60 && local.date <= input.shipDate);
          const plan = planScans(input, 'NORMAL');
          for (let k = 1; k < plan.length; k++) expect(plan[k]!.at).toBeGreaterThan(plan[k - 1]!.at);
          for (const scan of plan.filter((s) => s.locationType === 'SORT_FACILITY')) {
            expect(localReading(scan.at, hub).weekday, new Date(scan.at).toISOString()).not.toBe(0);
          }
          const open = minutesOf(LOCAL_BUSINESS_HOURS.opens);
          const closes = minutesOf(LOCAL_BUSINESS_HOURS.closes);
          for (const [type, zone] of [
            ['PU', origin],
            ['DL', destination],
          ] as const) {
            const at = localReading(plan.find((s) => s.eventType === type)!.at, zone);
            expect(at.minutes, `${type} ${at.date}`).toBeGreaterThanOrEqual(open);
            expect(at.minutes, `${type} ${at.date}`).toBeLessThanOrEqual(closes);
            expect([0, 6]).not.toContain(at.weekday);
          }
          expect(localReading(plan.find((s) => s.eventType === 'PU')!.at, origin).date).toBe(input.shipDate);
          expect(localReading(plan.at(-1)!.at, destination).date).toBe(input.deliveryDate);
        },
      ),
    );
  });
});
