import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidExpressTracking } from './tracking.js';
import { EXPRESS_TRACKING_MAX_SERIAL, trackingNeighbours, trackingNumberForSerial } from './neighbours.js';

const serialOf = (n: string) => Number(n.slice(0, 11));

describe('trackingNeighbours', () => {
  it('lists the closest valid numbers first on both sides', () => {
    const result = trackingNeighbours('271053820006', 2);
    expect(result).toEqual({
      ok: true,
      previous: [trackingNumberForSerial(27105381999), trackingNumberForSerial(27105381998)],
      next: [trackingNumberForSerial(27105382001), trackingNumberForSerial(27105382002)],
    });
  });

  it('reports the corrected number when the check digit is wrong', () => {
    const result = trackingNeighbours('271053820000', 1);
    expect(result).toMatchObject({ ok: true, corrected: '271053820006' });
  });

  it('stops at the ends of the serial range', () => {
    const low = trackingNeighbours(trackingNumberForSerial(1), 3);
    expect(low.ok && low.previous).toEqual([trackingNumberForSerial(0)]);
    const high = trackingNeighbours(trackingNumberForSerial(EXPRESS_TRACKING_MAX_SERIAL), 3);
    expect(high.ok && high.next).toEqual([]);
  });

  it('answers the screen messages for bad input', () => {
    expect(trackingNeighbours('  ', 10)).toEqual({ ok: false, message: 'enter a tracking number' });
    expect(trackingNeighbours('12345', 10)).toEqual({ ok: false, message: 'tracking number must be 12 digits' });
    expect(trackingNeighbours('271053820006', 0)).toMatchObject({ ok: false });
    expect(trackingNeighbours('271053820006', 101)).toMatchObject({ ok: false });
    expect(trackingNeighbours('271053820006', 1.5)).toMatchObject({ ok: false });
  });

  it('property: every neighbour has a valid check digit and they are consecutive serials', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: EXPRESS_TRACKING_MAX_SERIAL }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 100 }),
        (serial, checkDigit, count) => {
          const input = String(serial).padStart(11, '0') + String(checkDigit);
          const result = trackingNeighbours(input, count);
          if (!result.ok) throw new Error(result.message);
          for (const n of [...result.previous, ...result.next]) expect(isValidExpressTracking(n)).toBe(true);
          result.previous.forEach((n, i) => expect(serialOf(n)).toBe(serial - i - 1));
          result.next.forEach((n, i) => expect(serialOf(n)).toBe(serial + i + 1));
          expect(result.previous).toHaveLength(Math.min(count, serial));
          expect(result.next).toHaveLength(Math.min(count, EXPRESS_TRACKING_MAX_SERIAL - serial));
          expect(result.corrected === undefined).toBe(isValidExpressTracking(input));
          if (result.corrected) expect(serialOf(result.corrected)).toBe(serial);
        },
      ),
    );
  });
});
