import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIM_SCENARIOS } from '@lab/core/simulator';
import { deliveryMoment, planScans, replan, type PlanInput } from './lifecycle.js';
import { SERVICES } from './tariff/services.js';
import { addBusinessDays } from './tariff/transit.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const place = (city: string, countryCode: string) => ({ city, stateOrProvinceCode: '', postalCode: '', countryCode });

/** Any plan input the twin can make: a service of the model, a creation time, a ship date on or after it. */
const input: fc.Arbitrary<PlanInput> = fc
  .record({
    service: fc.constantFrom(...SERVICES),
    created: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    daysAhead: fc.integer({ min: 0, max: 10 }),
    extraDays: fc.integer({ min: 0, max: 6 }),
  })
  .map(({ service, created, daysAhead, extraDays }) => {
    const shipDate = new Date(created + daysAhead * DAY).toISOString().slice(0, 10);
    const transitDays = service.transitDays + extraDays;
    return {
      createdAt: created,
      shipDate,
      deliveryDate: addBusinessDays(shipDate, transitDays),
      commitTime: service.commitTime,
      transitDays,
      international: service.lane === 'international',
      origin: place('Memphis', 'US'),
      destination: service.lane === 'international' ? place('Shenzhen', 'CN') : place('Beverly Hills', 'US'),
    };
  });

describe('the lifecycle plan (pure)', () => {
  it('is strictly increasing, starts at creation and ends as its scenario says; NORMAL delivers on the promised date', () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...SIM_SCENARIOS), (i, scenario) => {
        const plan = planScans(i, scenario);
        expect(plan[0]).toMatchObject({ eventType: 'OC', at: i.createdAt });
        for (let k = 1; k < plan.length; k++) expect(plan[k]!.at).toBeGreaterThan(plan[k - 1]!.at);
        const types = plan.map((s) => s.eventType);
        expect(types.includes('CC')).toBe(i.international);
        const last = plan.at(-1)!;
        const ending = {
          NORMAL: 'DL',
          CUSTOMS_HOLD: i.international ? 'CD' : 'DL',
          DELIVERY_EXCEPTION: 'DL',
          RETURN_TO_SHIPPER: 'DL',
          DAMAGED: 'SE',
        }[scenario];
        expect(last.eventType).toBe(ending);
        // Unless the creation is so late that the journey has less than 10 minutes between the origin's
        // departure and the destination facility (times are then pushed a minute apart), DL is on time.
        const departed = Math.max(Date.parse(`${i.shipDate}T17:00:00Z`), i.createdAt + HOUR) + 3 * HOUR;
        if (scenario === 'NORMAL' && deliveryMoment(i) - 4 * HOUR - departed >= 10 * 60_000) {
          expect(last.at).toBe(deliveryMoment(i));
          expect(new Date(last.at).toISOString().slice(0, 10)).toBe(i.deliveryDate);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('replanning keeps what is due and gives events after now only', () => {
    fc.assert(
      fc.property(
        input,
        fc.constantFrom(...SIM_SCENARIOS),
        fc.constantFrom(...SIM_SCENARIOS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (i, from, to, f) => {
          const before = planScans(i, from);
          const now = Math.round(before[0]!.at + f * (before.at(-1)!.at - before[0]!.at));
          const due = before.filter((s) => s.at <= now).length;
          const added = replan(before, planScans(i, to), due, now);
          for (const s of added) expect(s.at).toBeGreaterThan(now);
          for (let k = 1; k < added.length; k++) expect(added[k]!.at).toBeGreaterThan(added[k - 1]!.at);
          if (from === to) expect(added).toEqual(before.slice(due));
        },
      ),
      { numRuns: 300 },
    );
  });
});
