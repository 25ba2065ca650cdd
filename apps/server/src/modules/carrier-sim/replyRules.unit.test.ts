// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, readStreet, standardizeLine } from './addressRules.js';
import { firstPickupDay, localNow, pickupDay, PICKUP_TERMS } from './pickupRules.js';

describe('address standardization', () => {
  it('abbreviates suffixes, directionals and units in upper case', () => {
    expect(standardizeLine('350 Fifth Avenue')).toBe('350 FIFTH AVE');
    expect(standardizeLine('12 north Main street, Suite 300')).toBe('12 N MAIN ST STE 300');
    expect(standardizeLine('9 Keyuan Rd. Apartment 5')).toBe('9 KEYUAN RD APT 5');
    expect(standardizeLine('1 Elm Ct # 4')).toBe('1 ELM CT #4');
  });

  it('is idempotent', () => {
    const word = fc.constantFrom('12', 'North', 'Main', 'Street', 'Suite', 'apt', '#', '4B', 'Road', 'Way', 'west');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (words) => {
        const once = standardizeLine(words.join(' '));
        expect(standardizeLine(once)).toBe(once);
      }),
    );
  });

  it('reads a house number and a known suffix as a street address; anything else is not', () => {
    expect(readStreet(['3610 Hacks Cross Rd'])).toMatchObject({ resolvable: true, suffix: 'RD', range: false });
    expect(readStreet(['string']).resolvable).toBe(false);
    expect(readStreet(['Hacks Cross Rd']).resolvable).toBe(false);
    expect(readStreet(['100-120 Main St'])).toMatchObject({ range: true });
    expect(readStreet(['PO Box 1200'])).toMatchObject({ resolvable: true, poBox: true });
  });

  it.each([
    [[], 'UNKNOWN'],
    [['PO Box 1200'], 'UNKNOWN'],
    [['350 Fifth Avenue', 'Suite 3300'], 'BUSINESS'],
    [['77 Oak Lane', 'Apt 2'], 'RESIDENTIAL'],
    [['77 Oak Lane', 'Unit 2'], 'MIXED'],
    [['500 Commerce Pkwy'], 'BUSINESS'],
    [['14 Willow Ct'], 'RESIDENTIAL'],
    [['3610 Hacks Cross Rd'], 'MIXED'],
  ])('classifies %j as %s', (lines, expected) => {
    expect(classify(lines, readStreet(lines))).toBe(expected);
  });
});

describe('pickup calendar', () => {
  const express = PICKUP_TERMS.FDXE!;

  it('reads the local date and time of an instant in a zone', () => {
    // 2026-03-04 15:10:07 UTC is 09:10:07 in Chicago (CST, UTC−6).
    expect(localNow('America/Chicago', Date.UTC(2026, 2, 4, 15, 10, 7))).toEqual({
      date: '2026-03-04',
      time: '09:10:07',
    });
  });

  it('offers today from the next half hour to the cut-off, the latest times an access time later', () => {
    const day = pickupDay(express, '2026-03-04', { date: '2026-03-04', time: '15:40:00' });
    expect(day).toEqual({
      date: '2026-03-04',
      available: true,
      sameDay: true,
      cutOffTime: '17:00:00',
      readyTimeOptions: ['16:00:00', '16:30:00', '17:00:00'],
      latestTimeOptions: ['17:30:00', '18:00:00', '18:30:00', '19:00:00', '19:30:00', '20:00:00'],
    });
  });

  it('moves to the next business day after the cut-off, and over a weekend', () => {
    expect(firstPickupDay(express, { date: '2026-03-04', time: '17:00:30' }).date).toBe('2026-03-05');
    const friday = firstPickupDay(express, { date: '2026-03-06', time: '18:00:00' });
    expect(friday).toMatchObject({
      date: '2026-03-09',
      sameDay: false,
      readyTimeOptions: expect.arrayContaining(['08:00:00']),
    });
    expect(pickupDay(express, '2026-03-07', { date: '2026-03-06', time: '09:00:00' }).available).toBe(false);
  });

  it('never offers a ready time after the cut-off nor a latest time before ready plus access', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 6 }), (minute, dayOffset) => {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
        const local = { date: '2026-03-02', time };
        const date = `2026-03-0${2 + dayOffset}`;
        for (const terms of Object.values(PICKUP_TERMS)) {
          const day = pickupDay(terms, date, local);
          for (const r of day.readyTimeOptions) expect(r <= `${terms.cutOff}:00`).toBe(true);
          if (day.sameDay) for (const r of day.readyTimeOptions) expect(r > time).toBe(true);
          const first = day.readyTimeOptions[0];
          if (first) {
            const earliest = Number(first.slice(0, 2)) * 60 + Number(first.slice(3, 5)) + terms.accessMinutes;
            for (const l of day.latestTimeOptions) {
              expect(Number(l.slice(0, 2)) * 60 + Number(l.slice(3, 5))).toBeGreaterThanOrEqual(earliest);
            }
          }
        }
      }),
    );
  });
});
