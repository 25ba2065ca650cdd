import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.js';

const point = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceKm', () => {
  it('measures great-circle distances between known places', () => {
    const newYork = { lat: 40.7128, lon: -74.006 };
    const losAngeles = { lat: 34.0522, lon: -118.2437 };
    const paris = { lat: 48.8566, lon: 2.3522 };
    const london = { lat: 51.5074, lon: -0.1278 };
    expect(distanceKm(paris, london)).toBeCloseTo(343.9, 0);
    expect(distanceKm(newYork, losAngeles)).toBeCloseTo(3936, -1);
    expect(distanceKm(paris, paris)).toBe(0);
    // Antipodes: half the Earth's circumference.
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });

  it('property: symmetric, never negative, and never longer than a detour through a third point', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const ab = distanceKm(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(distanceKm(b, a)).toBeCloseTo(ab, 6);
        // 1 m of slack: near the antipodes the haversine's asin loses ~0.1 m to floating point
        // (found by FC_SEED=-2123904648: (0, 179.999999°), (0, 0), (-0.000001°, 0)).
        expect(ab).toBeLessThanOrEqual(distanceKm(a, c) + distanceKm(c, b) + 1e-3);
      }),
    );
  });
});
