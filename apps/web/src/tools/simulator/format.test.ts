// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { durationProblem } from './duration';
import { formatBytes, formatDuration, formatPlace, formatUtc, prettyBody, simulatedNow } from './format';
import { messages } from './messages';

describe('Simulator formats', () => {
  it('shows instants in UTC, to the second or the millisecond', () => {
    expect(formatUtc('2026-11-24T17:30:05.123Z')).toBe('2026-11-24 17:30:05 UTC');
    expect(formatUtc('2026-11-24T17:30:05.123Z', { ms: true })).toBe('2026-11-24 17:30:05.123 UTC');
    expect(formatUtc(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05 UTC');
    expect(formatUtc('not a date')).toBe('not a date');
  });

  it('shows places, sizes, durations and bodies', () => {
    expect(formatPlace({ city: 'MEMPHIS', stateOrProvinceCode: 'TN', countryCode: 'US' })).toBe('MEMPHIS, TN, US');
    expect(formatPlace({ city: 'PARIS', stateOrProvinceCode: ' ', countryCode: 'FR' })).toBe('PARIS, FR');
    expect([512, 1536, 800 * 1024, 16 * 1024 * 1024].map(formatBytes)).toEqual(['512 B', '1.5 KB', '800 KB', '16 MB']);
    expect([0.42, 12.34, 99.96, 1204.4].map(formatDuration)).toEqual(['0.4 ms', '12.3 ms', '100 ms', '1,204 ms']);
    expect(prettyBody('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyBody('{"a":')).toBe('{"a":');
    expect(prettyBody('plain text')).toBe('plain text');
  });

  it('moves the shown now at the clock’s factor between reads, never back', () => {
    const read = '2026-11-24T09:30:00.000Z';
    expect(simulatedNow(read, 1000, 1, 3500)).toBe(Date.parse(read) + 2500);
    expect(simulatedNow(read, 1000, 60, 2000)).toBe(Date.parse(read) + 60_000);
    expect(simulatedNow(read, 1000, 1, 500)).toBe(Date.parse(read));
  });

  it('says exactly what is wrong with a typed duration, in English and Chinese', () => {
    const en = messages.en;
    expect(durationProblem(en, '  ')).toBe('Enter an ISO-8601 duration, e.g. P2DT6H');
    expect(durationProblem(en, ' P1Y ')).toBe(
      '"P1Y" is not an ISO-8601 duration of weeks, days, hours, minutes and seconds, e.g. P2DT6H, PT90M or P1W (no years or months, nothing negative)',
    );
    expect(durationProblem(en, 'PT0S')).toBe('The duration must be more than zero: the clock only moves forward');
    for (const ok of ['P2DT6H', 'PT90M', 'P1W', 'PT0.5S', 'p1d']) expect(durationProblem(en, ok)).toBeUndefined();
    expect(durationProblem(messages.zh, '')).toBe('请输入 ISO-8601 时长，例如 P2DT6H');
  });
});
