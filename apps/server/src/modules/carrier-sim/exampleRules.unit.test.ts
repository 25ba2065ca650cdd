import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PICKUP_ADVANCE_DAYS, pickupDateProblem } from './pickupRules.js';
import { postalWellFormed } from './postalFormat.js';
import { recipientOf } from './recipient.js';
import { shipDateProblem } from './shipDates.js';
import { accountNumberProblem, FREIGHT_PIECE_LIMIT_KG, PACKAGING_LIMITS_KG } from './rules.js';
import { EUROPE, serviceRuns, serviceTerms, servicesOnLane } from './tariff/services.js';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY_MS = Date.UTC(2026, 10, 18);
const TODAY = iso(TODAY_MS);

describe('ship dates (issue 39 item 6)', () => {
  it("refuses the playground's old pinned date like any past date; accepts only the documented examples' dates", () => {
    expect(shipDateProblem('2024-05-20', TODAY)).toEqual({
      code: 'AVAILABILITY.SHIP.DATE.INVALID',
      message: 'Ship date is invalid.',
      parameterList: [
        { key: 'shipDatestamp', value: '2024-05-20' },
        { key: 'reason', value: 'in the past' },
        { key: 'accepted', value: '2026-11-18 to 2026-11-28' },
      ],
    });
    expect(shipDateProblem('2020-07-03', TODAY, new Set(['2020-07-03']))).toBeUndefined();
    expect(shipDateProblem(TODAY, TODAY)).toBeUndefined();
  });

  it('refuses a day that does not exist instead of rolling it over (30 November + 1 is not 1 December)', () => {
    expect(shipDateProblem('2026-11-31', TODAY)?.parameterList).toEqual([
      { key: 'shipDatestamp', value: '2026-11-31' },
      { key: 'reason', value: 'not a date' },
      { key: 'accepted', value: '2026-11-18 to 2026-11-28' },
    ]);
    expect(shipDateProblem('2026-11-28', TODAY)).toBeUndefined();
  });
});

describe('pickup dates (issue 39 item 6)', () => {
  it('refuses a past day with the carrier code and one past the window with ours; today to +10 pass', () => {
    expect(pickupDateProblem('2026-11-17T10:00:00Z', TODAY, 'readyDateTimestamp')).toEqual({
      code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
      message: 'Cannot schedule a pickup requested for a previous day.',
      parameterList: [
        { key: 'readyDateTimestamp', value: '2026-11-17' },
        { key: 'accepted', value: '2026-11-18 to 2026-11-28' },
      ],
    });
    expect(pickupDateProblem('2026-11-29', TODAY, 'dispatchDate')).toEqual({
      code: 'PICKUP.REQUESTED.FUTURE.DAY',
      message: 'Cannot schedule a pickup more than 10 days ahead.',
      parameterList: [
        { key: 'dispatchDate', value: '2026-11-29' },
        { key: 'accepted', value: '2026-11-18 to 2026-11-28' },
      ],
    });
    expect(pickupDateProblem('', TODAY, 'dispatchDate')).toBeUndefined();
    // A documented example's date is accepted; the playground's old pinned date no longer is.
    expect(pickupDateProblem('2020-07-03', TODAY, 'dispatchDate', new Set(['2020-07-03']))).toBeUndefined();
    expect(pickupDateProblem('2024-05-20', TODAY, 'dispatchDate')?.code).toBe('PICKUP.REQUESTED.PREVIOUS.DAY');
  });

  it('accepts exactly the days from today to the window, whatever today is (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -40, max: 40 }), (d, offset) => {
        const today = iso(TODAY_MS + d * DAY_MS);
        const asked = iso(TODAY_MS + (d + offset) * DAY_MS);
        const problem = pickupDateProblem(asked, today, 'dispatchDate');
        const code =
          offset < 0
            ? 'PICKUP.REQUESTED.PREVIOUS.DAY'
            : offset > PICKUP_ADVANCE_DAYS
              ? 'PICKUP.REQUESTED.FUTURE.DAY'
              : undefined;
        expect(problem?.code).toBe(code);
      }),
    );
  });
});

describe('postal codes as the carrier reads them', () => {
  const US = /^([0-9]{5})(?:-([0-9]{4}))?$/;
  const CA = /^([ABCEGHJKLMNPRSTVXY][0-9][ABCEGHJKLMNPRSTVWXYZ])\s*([0-9][ABCEGHJKLMNPRSTVWXYZ][0-9])$/i;
  const GB = /^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}$/;
  const BR = /^\d{5}[-]?\d{3}$/;

  it('accepts ZIP+4 without its hyphen, a lower-case or unspaced code, and the five-digit CEP', () => {
    expect(postalWellFormed('US', US, '336109168')).toBe(true);
    expect(postalWellFormed('CA', CA, 'm1m1m1')).toBe(true);
    expect(postalWellFormed('GB', GB, 'w1a2lq')).toBe(true);
    expect(postalWellFormed('BR', BR, '04776')).toBe(true);
    expect(postalWellFormed('BR', BR, '04776-000')).toBe(true);
  });

  it('still refuses what no spelling of the format matches', () => {
    expect(postalWellFormed('US', US, '9021')).toBe(false);
    expect(postalWellFormed('US', US, '3361091680')).toBe(false);
    expect(postalWellFormed('BR', BR, '0477')).toBe(false);
    expect(postalWellFormed('GB', GB, 'ZZZZ')).toBe(false);
  });

  it('a US ZIP+4 is accepted with or without its hyphen, and any other digit count is not (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,11}$/), (digits) => {
        expect(postalWellFormed('US', US, digits)).toBe(digits.length === 5 || digits.length === 9);
      }),
    );
  });
});

describe('the recipient of a request', () => {
  it('joins the contact and the address the minimum example splits over two entries', () => {
    const contact = { personName: 'RECIPIENT NAME', phoneNumber: '9018328595' };
    const address = { city: 'MEMPHIS', postalCode: '38116', countryCode: 'US' };
    expect(recipientOf({ recipients: [{ contact }, { address }] })).toEqual({ contact, address });
    const whole = { contact, address: { ...address, city: 'Collierville' } };
    expect(recipientOf({ recipients: [whole, { address }] })).toBe(whole);
    expect(recipientOf({ recipient: whole })).toEqual(whole);
    expect(recipientOf({})).toBeUndefined();
  });
});

describe('accounts, packaging and freight', () => {
  it("accepts the documents' masked accounts and placeholder, and refuses a wrong check digit", () => {
    for (const masked of ['XXX561073', 'XXXXX1073', 'XXXX', '8014xxxxx', 'Your account number']) {
      expect(accountNumberProblem(masked), masked).toBeUndefined();
    }
    expect(accountNumberProblem('801472843')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
    expect(accountNumberProblem('Any account number')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
  });

  it("holds the carrier's published packaging maxima: Envelope 10 lb, Pak, Boxes and Tube 50 lb", () => {
    expect(PACKAGING_LIMITS_KG.FEDEX_ENVELOPE!.kg).toBe(4.54);
    for (const p of ['FEDEX_PAK', 'FEDEX_BOX', 'FEDEX_SMALL_BOX', 'FEDEX_EXTRA_LARGE_BOX', 'FEDEX_TUBE']) {
      expect(PACKAGING_LIMITS_KG[p]!.kg, p).toBe(22.68);
    }
    expect(FREIGHT_PIECE_LIMIT_KG).toBe(997);
  });
});

describe('the services of the documents’ example lanes', () => {
  it('runs FedEx International Ground US ↔ CA, FedEx Priority within Europe, Express Freight and 2Day A.M. in the US', () => {
    const ground = serviceTerms('FEDEX_GROUND')!;
    expect(serviceRuns(ground, 'US', 'CA')).toBe(true);
    expect(serviceRuns(ground, 'CA', 'US')).toBe(true);
    expect(serviceRuns(ground, 'US', 'MX')).toBe(false);
    const priority = serviceTerms('FEDEX_PRIORITY')!;
    expect(serviceRuns(priority, 'NO', 'NO')).toBe(true);
    expect(serviceRuns(priority, 'GB', 'FR')).toBe(true);
    expect(serviceRuns(priority, 'US', 'US')).toBe(false);
    expect(serviceRuns(priority, 'US', 'FR')).toBe(false);
    for (const s of ['FEDEX_1_DAY_FREIGHT', 'FEDEX_2_DAY_AM']) {
      expect(serviceRuns(serviceTerms(s)!, 'US', 'US'), s).toBe(true);
      expect(serviceRuns(serviceTerms(s)!, 'GB', 'GB'), s).toBe(false);
    }
    expect(serviceRuns(serviceTerms('FEDEX_NEXT_DAY_END_OF_DAY')!, 'GB', 'GB')).toBe(true);
  });

  it('offers on a lane exactly the services that run on it, each once (property)', () => {
    const countries = fc.constantFrom('US', 'CA', 'MX', 'GB', 'NO', 'FR', 'CN', ...EUROPE.slice(0, 5));
    fc.assert(
      fc.property(countries, countries, (from, to) => {
        const lane = from === to ? 'domestic' : 'international';
        const offered = servicesOnLane(lane, from, to);
        expect(new Set(offered.map((s) => s.serviceType)).size).toBe(offered.length);
        for (const s of offered) expect(serviceRuns(s, from, to)).toBe(true);
      }),
    );
  });
});
