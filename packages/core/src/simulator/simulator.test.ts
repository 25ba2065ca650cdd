import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIsoDuration, parseIsoDuration, scenarioOfReference } from './index.js';

describe('ISO-8601 durations', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(parseIsoDuration('P2DT6H')).toBe((2 * 24 + 6) * 3_600_000);
    expect(parseIsoDuration('PT1H')).toBe(3_600_000);
    expect(parseIsoDuration('PT90M')).toBe(5_400_000);
    expect(parseIsoDuration('PT0.5S')).toBe(500);
    expect(parseIsoDuration('P1W')).toBe(7 * 86_400_000);
    expect(parseIsoDuration('p1d')).toBe(86_400_000);
  });

  it('refuses malformed, negative, empty and calendar durations', () => {
    for (const bad of ['', 'P', 'PT', '-P1D', 'P-1D', 'P1Y', 'P1M', '1D', 'P1DT', 'PT1.5H', 'P1D2H', 'soon']) {
      expect(parseIsoDuration(bad), bad).toBeUndefined();
    }
  });

  it('formats what it parses back to the same milliseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86_400_000 }), (ms) => {
        expect(parseIsoDuration(formatIsoDuration(ms))).toBe(ms);
      }),
    );
    expect(formatIsoDuration(54 * 3_600_000)).toBe('P2DT6H');
  });
});

describe('scenario tokens', () => {
  it('finds SIM:<scenario> in a reference, case ignored', () => {
    expect(scenarioOfReference('SIM:CUSTOMS_HOLD')).toBe('CUSTOMS_HOLD');
    expect(scenarioOfReference('order 12 sim:damaged')).toBe('DAMAGED');
    expect(scenarioOfReference('SIM:UNKNOWN')).toBeUndefined();
    expect(scenarioOfReference('XSIM:DAMAGED')).toBeUndefined();
    expect(scenarioOfReference('plain reference')).toBeUndefined();
  });
});
