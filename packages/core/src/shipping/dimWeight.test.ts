import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDimWeight, dimWeightFromInput, FREIGHT_REASONS, roundUpToHalfKg } from './dimWeight.js';

describe('roundUpToHalfKg', () => {
  it('rounds up to the next half kilogram and keeps exact halves', () => {
    expect(roundUpToHalfKg(14.4)).toBe(14.5);
    expect(roundUpToHalfKg(14.5)).toBe(14.5);
    expect(roundUpToHalfKg(14.51)).toBe(15);
    expect(roundUpToHalfKg(0.1)).toBe(0.5);
    expect(roundUpToHalfKg(3)).toBe(3);
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: still 0.5, not 1
    expect(roundUpToHalfKg(0.1 + 0.2)).toBe(0.5);
    expect(roundUpToHalfKg(0.5 + 1e-12)).toBe(0.5);
  });

  it('property: the result is a multiple of 0.5, not below the weight, and less than 0.5 above it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 10_000, noNaN: true }), (kg) => {
        const rounded = roundUpToHalfKg(kg);
        expect(Number.isInteger(rounded * 2)).toBe(true);
        expect(rounded).toBeGreaterThanOrEqual(kg - 1e-6);
        expect(rounded - kg).toBeLessThan(0.5);
      }),
    );
  });
});

describe('calculateDimWeight', () => {
  it('computes a small parcel', () => {
    // 60 × 40 × 30 / 5000 = 14.4 → 14.5; girth 2 × (40 + 30) = 140
    expect(calculateDimWeight([60, 40, 30], 10.2)).toEqual({
      isFreight: false,
      roundedactwgt: 10.5,
      roundeddimwgt: 14.5,
      girth: 140,
      comments: [],
    });
  });

  it('takes the longest side as the length, whatever the order', () => {
    expect(calculateDimWeight([30, 60, 40], 1)).toEqual(calculateDimWeight([60, 40, 30], 1));
  });

  it('lists each freight reason that applies', () => {
    expect(calculateDimWeight([100, 50, 50], 68).comments).toEqual([]);
    expect(calculateDimWeight([100, 50, 50], 68.1).comments).toEqual([FREIGHT_REASONS.actualWeight]);
    // 150 × 60 × 40 / 5000 = 72 kg dimensional. A box within 330 cm length + girth holds at most
    // 110 × 55 × 55 cm (66.55 kg dimensional), so this reason always comes with the girth one.
    expect(calculateDimWeight([150, 60, 40], 5).comments).toEqual([
      FREIGHT_REASONS.dimWeight,
      FREIGHT_REASONS.lengthPlusGirth,
    ]);
    expect(calculateDimWeight([275, 10, 10], 5).comments).toEqual([FREIGHT_REASONS.length]);
    // length 200 + girth 2 × (40 + 26) = 332
    expect(calculateDimWeight([200, 40, 26], 5).comments).toEqual([FREIGHT_REASONS.lengthPlusGirth]);
    // exactly 330 is not over
    expect(calculateDimWeight([200, 40, 25], 5).comments).toEqual([]);
    const all = calculateDimWeight([300, 100, 100], 80);
    expect(all.isFreight).toBe(true);
    expect(all.comments).toEqual([
      FREIGHT_REASONS.actualWeight,
      FREIGHT_REASONS.dimWeight,
      FREIGHT_REASONS.length,
      FREIGHT_REASONS.lengthPlusGirth,
    ]);
  });

  it('property: freight exactly when a limit is passed, and rounded weights are billable halves', () => {
    const side = fc.integer({ min: 1, max: 999 });
    fc.assert(
      fc.property(side, side, side, fc.integer({ min: 1, max: 99_999 }), (a, b, c, grams) => {
        const kg = grams / 1000;
        const r = calculateDimWeight([a, b, c], kg);
        const [l, w, h] = [a, b, c].sort((x, y) => y - x) as [number, number, number];
        expect(r.girth).toBe(2 * (w + h));
        const expected = kg > 68 || (l * w * h) / 5000 > 68 || l > 274 || l + r.girth > 330;
        expect(r.isFreight).toBe(expected);
        expect(r.roundeddimwgt * 2).toBe(Math.ceil((l * w * h) / 2500 - 1e-9));
        expect(Number.isInteger(r.roundedactwgt * 2)).toBe(true);
      }),
    );
  });
});

describe('dimWeightFromInput', () => {
  it('needs all four values', () => {
    const message = 'enter weight & size before search';
    expect(dimWeightFromInput({})).toEqual({ ok: false, message });
    expect(dimWeightFromInput({ length: '10', width: '10', height: ' ', actualweight: '1' })).toEqual({
      ok: false,
      message,
    });
  });

  it('parses decimals from strings or numbers', () => {
    const r = dimWeightFromInput({ length: '60', width: 40, height: '30.0', actualweight: '10.2' });
    expect(r).toMatchObject({ ok: true, result: { roundeddimwgt: 14.5, roundedactwgt: 10.5 } });
    expect(dimWeightFromInput({ length: 'abc', width: 1, height: 1, actualweight: 1 })).toEqual({
      ok: false,
      message: 'length must be a positive decimal number',
    });
    expect(dimWeightFromInput({ length: 1, width: 1, height: 1, actualweight: '0' })).toMatchObject({ ok: false });
  });

  it('refuses values past the screen limits, so results stay finite', () => {
    expect(dimWeightFromInput({ length: 1e308, width: 1e308, height: 1e308, actualweight: 1e308 })).toEqual({
      ok: false,
      message: 'length must be at most 999',
    });
    expect(dimWeightFromInput({ length: 999, width: 999, height: 999, actualweight: '100000' })).toEqual({
      ok: false,
      message: 'actualweight must be at most 99999',
    });
    expect(dimWeightFromInput({ length: 999, width: 999, height: 999, actualweight: 99_999 })).toMatchObject({
      ok: true,
    });
  });
});
