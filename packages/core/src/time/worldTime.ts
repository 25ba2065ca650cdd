import {
  formatUtcOffset,
  resolveWallTime,
  zoneAbbreviation,
  zoneLongName,
  zoneOffsetMinutes,
  wallTimeAt,
  type WallTime,
} from './zones.js';

/** The zones the World Time tool converts from (screen label → IANA zone). */
export const WORLD_TIME_SOURCE_ZONES = [
  { label: 'EAST (US)', zone: 'America/New_York' },
  { label: 'CT (US)', zone: 'America/Chicago' },
  { label: 'CET (EU)', zone: 'Europe/Brussels' },
] as const;

export const WORLD_TIME_DEFAULT_ZONE = 'America/Chicago';
/** The zone the World Time tool shows the result in. */
export const WORLD_TIME_TARGET_ZONE = 'Asia/Shanghai';

export interface ZonedReading {
  /** Epoch milliseconds. */
  instant: number;
  zone: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm (24-hour) */
  time: string;
  /** `EDT`, `GMT+1`, … */
  abbreviation: string;
  /** `China Standard Time`, … */
  zoneName: string;
  /** `UTC+08:00` */
  offset: string;
}

export interface WorldTimeConversion {
  kind: 'normal' | 'nonexistent' | 'repeated';
  /** One result, or two (earlier first) when the source time happened twice. */
  results: { source: ZonedReading; target: ZonedReading }[];
  /** Set for non-existent and repeated times: what happened to the clocks and what is shown. */
  explanation?: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatWallDate(w: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function formatWallClock(w: Pick<WallTime, 'hour' | 'minute'>): string {
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The reading of an instant in a zone: date, HH:mm, and the zone's names and offset then. */
export function readInstant(zone: string, instant: number): ZonedReading {
  const wall = wallTimeAt(zone, instant);
  return {
    instant,
    zone,
    date: formatWallDate(wall),
    time: formatWallClock(wall),
    abbreviation: zoneAbbreviation(zone, instant),
    zoneName: zoneLongName(zone, instant),
    offset: formatUtcOffset(zoneOffsetMinutes(zone, instant)),
  };
}

/** `2026-03-08` → calendar fields, or undefined when it is not a real date. */
export function parseIsoDate(text: string): Pick<WallTime, 'year' | 'month' | 'day'> | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/**
 * The instant(s) at which `fromZone`'s clocks read `date` `hour:minute`, read in `toZone`.
 * Across daylight-saving changes: a time skipped by the spring jump is taken at the offset in
 * force before the jump (02:00 EST = 03:00 EDT); a time repeated in autumn gives both instants.
 */
export function convertWallTime(
  date: string,
  hour: number,
  fromZone: string,
  toZone: string = WORLD_TIME_TARGET_ZONE,
  minute = 0,
): WorldTimeConversion {
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`not a date: ${date}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour must be 0-23: ${hour}`);
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) throw new RangeError(`minute must be 0-59: ${minute}`);
  const wall: WallTime = { ...day, hour, minute };
  const resolution = resolveWallTime(fromZone, wall);
  const results = resolution.instants.map((instant) => ({
    source: readInstant(fromZone, instant),
    target: readInstant(toZone, instant),
  }));
  const asked = `${formatWallClock(wall)} on ${date}`;
  if (resolution.kind === 'nonexistent') {
    const shown = results[0]!.source;
    const before = formatUtcOffset(resolution.offsetBefore);
    return {
      kind: 'nonexistent',
      results,
      explanation:
        `${asked} does not exist in ${fromZone}: the clocks jumped forward ${resolution.gapMinutes} minutes ` +
        `over it for daylight saving. Shown as if the clocks had not moved yet (${before}), ` +
        `which is ${shown.time} ${shown.abbreviation} after the jump.`,
    };
  }
  if (resolution.kind === 'repeated') {
    const [first, second] = results as [(typeof results)[0], (typeof results)[0]];
    return {
      kind: 'repeated',
      results,
      explanation:
        `${asked} happened twice in ${fromZone}: the clocks went back at the end of daylight saving. ` +
        `Both are shown: first ${first.source.abbreviation} (${first.source.offset}), ` +
        `then ${second.source.abbreviation} (${second.source.offset}).`,
    };
  }
  return { kind: 'normal', results };
}
