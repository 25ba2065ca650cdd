import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localAt, localIso } from './zones.js';

describe('local times of track replies', () => {
  it('writes an instant in the zone with its offset, as the carrier does', () => {
    const at = Date.UTC(2026, 10, 27, 20, 5, 0);
    expect(localIso(at, 'America/Chicago')).toBe('2026-11-27T14:05:00-06:00');
    expect(localIso(at, 'Asia/Shanghai')).toBe('2026-11-28T04:05:00+08:00');
    expect(localIso(at, 'Asia/Kolkata')).toBe('2026-11-28T01:35:00+05:30');
    expect(localIso(at, 'UTC')).toBe('2026-11-27T20:05:00+00:00');
    // Daylight saving time in July.
    expect(localIso(Date.UTC(2026, 6, 1, 12), 'America/Los_Angeles')).toBe('2026-07-01T05:00:00-07:00');
  });

  it('puts a local date and time of day at the offset the zone has then', () => {
    expect(localAt('2026-11-30', '20:00:00', 'America/New_York')).toBe('2026-11-30T20:00:00-05:00');
    expect(localAt('2026-07-01', '08:00:00', 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    // 02:30 does not exist on the spring-forward night: the clock reads 03:30 EDT.
    expect(localAt('2026-03-08', '02:30:00', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
  });

  it('round-trips: the written time parses back to the same second, in any zone', () => {
    const zones = ['America/Chicago', 'America/Los_Angeles', 'Asia/Shanghai', 'Europe/London', 'Australia/Adelaide'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const written = localIso(ms, zone);
          expect(written).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
          expect(Date.parse(written)).toBe(Math.floor(ms / 1000) * 1000);
        },
      ),
    );
  });
});
