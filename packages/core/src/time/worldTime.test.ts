import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertWallTime, parseIsoDate, WORLD_TIME_SOURCE_ZONES } from './worldTime.js';
import { resolveWallTime, wallTimeAt, zoneOffsetMinutes, zoneTransitions } from './zones.js';

describe('convertWallTime to Asia/Shanghai', () => {
  it('converts an ordinary winter and summer hour', () => {
    // Chicago winter UTC−6 → Shanghai UTC+8: +14 h
    const winter = convertWallTime('2026-01-15', 9, 'America/Chicago');
    expect(winter.kind).toBe('normal');
    expect(winter.results[0]!.target).toMatchObject({
      date: '2026-01-15',
      time: '23:00',
      zone: 'Asia/Shanghai',
      zoneName: 'China Standard Time',
      offset: 'UTC+08:00',
    });
    // Chicago summer UTC−5: +13 h, crossing midnight
    const summer = convertWallTime('2026-07-15', 14, 'America/Chicago');
    expect(summer.results[0]!.target).toMatchObject({ date: '2026-07-16', time: '03:00' });
    expect(summer.results[0]!.source).toMatchObject({ abbreviation: 'CDT', offset: 'UTC−05:00' });
    // Brussels summer UTC+2: +6 h
    expect(convertWallTime('2026-07-15', 10, 'Europe/Brussels').results[0]!.target.time).toBe('16:00');
  });

  // Transition days of 2026: US second Sunday of March / first Sunday of November at 02:00 local;
  // EU last Sunday of March / October at 01:00 UTC.
  const cases = [
    { zone: 'America/New_York', spring: '2026-03-08', autumn: '2026-11-01', gapHour: 2, repeatHour: 1, std: -5 },
    { zone: 'America/Chicago', spring: '2026-03-08', autumn: '2026-11-01', gapHour: 2, repeatHour: 1, std: -6 },
    { zone: 'Europe/Brussels', spring: '2026-03-29', autumn: '2026-10-25', gapHour: 2, repeatHour: 2, std: 1 },
  ];

  for (const c of cases) {
    it(`${c.zone}: the skipped hour on ${c.spring} is explained and read at the pre-jump offset`, () => {
      const r = convertWallTime(c.spring, c.gapHour, c.zone);
      expect(r.kind).toBe('nonexistent');
      expect(r.results).toHaveLength(1);
      // 02:00 at the pre-jump offset is the instant the clocks jumped: 03:00 summer time
      expect(r.results[0]!.source.time).toBe('03:00');
      const expectedUtcHour = c.gapHour - c.std;
      expect(new Date(r.results[0]!.source.instant).getUTCHours()).toBe(expectedUtcHour % 24);
      expect(r.explanation).toContain(`02:00 on ${c.spring} does not exist in ${c.zone}`);
      expect(r.explanation).toContain('jumped forward 60 minutes');
      // the hours around it are ordinary and one real hour apart from the gap's landing point
      expect(convertWallTime(c.spring, c.gapHour - 1, c.zone).kind).toBe('normal');
      expect(convertWallTime(c.spring, c.gapHour + 1, c.zone).kind).toBe('normal');
      const before = convertWallTime(c.spring, c.gapHour - 1, c.zone).results[0]!.source.instant;
      const after = convertWallTime(c.spring, c.gapHour + 1, c.zone).results[0]!.source.instant;
      expect(after - before).toBe(3_600_000);
    });

    it(`${c.zone}: the repeated hour on ${c.autumn} gives both instants, an hour apart`, () => {
      const r = convertWallTime(c.autumn, c.repeatHour, c.zone);
      expect(r.kind).toBe('repeated');
      expect(r.results).toHaveLength(2);
      const [first, second] = r.results as [(typeof r.results)[0], (typeof r.results)[0]];
      expect(second.source.instant - first.source.instant).toBe(3_600_000);
      expect(first.source.time).toBe(second.source.time);
      expect(first.target.time).not.toBe(second.target.time);
      expect(r.explanation).toContain(`happened twice in ${c.zone}`);
      expect(convertWallTime(c.autumn, c.repeatHour + 1, c.zone).kind).toBe('normal');
      expect(convertWallTime(c.autumn, c.repeatHour - 1, c.zone).kind).toBe('normal');
    });

    it(`${c.zone}: zoneTransitions finds exactly the two 2026 changes`, () => {
      const t = zoneTransitions(c.zone, 2026);
      expect(t).toHaveLength(2);
      const [spring, autumn] = t as [(typeof t)[0], (typeof t)[0]];
      expect(spring.offsetAfter - spring.offsetBefore).toBe(60);
      expect(autumn.offsetAfter - autumn.offsetBefore).toBe(-60);
      expect(spring.wallBefore).toMatchObject({ hour: c.gapHour, minute: 0 });
      expect(spring.wallAfter).toMatchObject({ hour: c.gapHour + 1, minute: 0 });
      expect(new Date(autumn.at).toISOString().slice(0, 10)).toBe(c.autumn);
    });
  }

  it('Asia/Shanghai has no transitions', () => {
    expect(zoneTransitions('Asia/Shanghai', 2026)).toEqual([]);
  });

  it('property: every instant is among the resolutions of its own wall time', () => {
    const zones = [...WORLD_TIME_SOURCE_ZONES.map((z) => z.zone), 'Asia/Shanghai'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        (zone, ms) => {
          const instant = Math.floor(ms / 60_000) * 60_000;
          const r = resolveWallTime(zone, wallTimeAt(zone, instant));
          expect(r.kind).not.toBe('nonexistent');
          expect(r.instants).toContain(instant);
        },
      ),
    );
  });

  it("property: the remembered offsets read every zone's clock as Intl does, across transitions (1970–2040)", () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const intl = (zone: string, ms: number) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }).formatToParts(new Date(ms));
      const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
    };
    // Near a transition of the zone's year, half the time: where a wrong offset would show.
    const instant = fc
      .tuple(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }))
      .chain(([zone, ms]) => {
        const year = new Date(ms).getUTCFullYear();
        const near = zoneTransitions(zone, year).map((t) => t.at);
        return fc.tuple(
          fc.constant(zone),
          near.length === 0
            ? fc.constant(ms)
            : fc.oneof(
                fc.constant(ms),
                fc
                  .tuple(fc.constantFrom(...near), fc.integer({ min: -90, max: 90 }))
                  .map(([at, m]) => at + m * 60_000 + 17_000),
              ),
        );
      });
    fc.assert(
      fc.property(instant, ([zone, ms]) => {
        // Twice: the second reading comes from the remembered offset.
        expect(wallTimeAt(zone, ms)).toEqual(intl(zone, ms));
        expect(wallTimeAt(zone, ms)).toEqual(intl(zone, ms));
      }),
      { numRuns: 300 },
    );
  });

  it('property: the Shanghai reading is the instant shifted by 8 hours', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WORLD_TIME_SOURCE_ZONES.map((z) => z.zone)),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 23 }),
        (zone, dayIndex, hour) => {
          const date = new Date(Date.UTC(2020, 0, 1) + dayIndex * 86_400_000).toISOString().slice(0, 10);
          const r = convertWallTime(date, hour, zone);
          for (const { source, target } of r.results) {
            expect(source.instant).toBe(target.instant);
            expect(zoneOffsetMinutes('Asia/Shanghai', target.instant)).toBe(480);
            const shifted = new Date(target.instant + 8 * 3_600_000).toISOString();
            expect(`${target.date}T${target.time}`).toBe(shifted.slice(0, 16));
          }
          if (r.kind === 'normal')
            expect(r.results[0]!.source).toMatchObject({ date, time: `${String(hour).padStart(2, '0')}:00` });
        },
      ),
    );
  });

  it('rejects impossible dates and hours', () => {
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => convertWallTime('2026-13-01', 1, 'America/Chicago')).toThrow(RangeError);
    expect(() => convertWallTime('2026-01-01', 24, 'America/Chicago')).toThrow(RangeError);
  });
});
