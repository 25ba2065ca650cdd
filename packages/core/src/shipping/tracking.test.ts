import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeExpressTracking, expressTrackingCheckDigit, isValidExpressTracking } from './tracking.js';

describe('express tracking check digit (1-3-7, mod 11)', () => {
  it('computes hand-worked examples', () => {
    // 0·1 + 0·3 + 0·7 + 2·1 + 8·3 + 3·7 + 5·1 + 0·3 + 1·7 + 7·1 + 2·3 = 72; 72 mod 11 = 6
    expect(expressTrackingCheckDigit('27105382000')).toBe(6);
    // 1·1 = 1
    expect(expressTrackingCheckDigit('00000000001')).toBe(1);
    // 1·3 = 3
    expect(expressTrackingCheckDigit('00000000010')).toBe(3);
    // 1·7 = 7
    expect(expressTrackingCheckDigit('00000000100')).toBe(7);
    // 5·1 + 5·1 (rightmost and fourth from the right) = 10 → remainder 10 → check digit 0
    expect(expressTrackingCheckDigit('00000005005')).toBe(0);
    expect(isValidExpressTracking('271053820006')).toBe(true);
    expect(isValidExpressTracking('271053820000')).toBe(false);
  });

  it('rejects anything that is not 12 digits', () => {
    for (const bad of ['', '27105382000', '2710538200066', '27105382000a', ' 271053820006']) {
      expect(isValidExpressTracking(bad)).toBe(false);
    }
    expect(() => expressTrackingCheckDigit('123')).toThrow(RangeError);
  });

  it('completes any 11 digits to a valid number, and one changed digit is caught', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11}$/),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const full = completeExpressTracking(body);
          expect(full).toHaveLength(12);
          expect(isValidExpressTracking(full)).toBe(true);
          // Weights 1, 3, 7 are coprime to 11, so a single changed digit always changes sum mod 11;
          // only the 10 ↔ 0 fold can hide it.
          const changed = body.slice(0, at) + String((Number(body[at]) + delta) % 10) + body.slice(at + 1);
          const before = expressTrackingCheckDigit(body);
          const after = expressTrackingCheckDigit(changed);
          if (after === before) expect([before]).toContain(0);
        },
      ),
    );
  });
});
