/**
 * Time-zone arithmetic on top of the Intl API (the IANA database the runtime ships): offsets,
 * wall-clock ↔ instant, and the daylight-saving transitions of a year. Instants are epoch
 * milliseconds passed in by the caller; nothing here reads the clock.
 */

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone (seconds dropped). */
export function wallTimeAt(zone: string, epochMs: number): WallTime {
  if (epochMs < OFFSETS_FROM) return formattedWallTime(zone, epochMs);
  const bucket = Math.floor(epochMs / OFFSET_BUCKET_MS);
  const key = `${zone} ${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = bucket * OFFSET_BUCKET_MS;
    offset = wallAsUtc(formattedWallTime(zone, start)) - start;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return utcFieldsAsWall(Math.floor(epochMs / MINUTE_MS) * MINUTE_MS + offset);
}

/**
 * Offsets remembered per zone and quarter hour: Intl's formatToParts costs ~10 µs a call, and a
 * twin track reply reads a dozen local times. Exact because every transition since 1980 falls on a
 * quarter hour of UTC and every offset since then is whole minutes (before, local mean times had
 * seconds: those instants are formatted each time).
 */
const OFFSET_BUCKET_MS = 15 * MINUTE_MS;
const OFFSETS_FROM = Date.UTC(1980, 0, 1);
const MAX_OFFSETS = 50_000;
const offsets = new Map<string, number>();

/** The wall-clock reading of an instant in a zone, from Intl itself. */
function formattedWallTime(zone: string, epochMs: number): WallTime {
  const parts: Record<string, number> = {};
  for (const p of wallFormatter(zone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

function utcFieldsAsWall(ms: number): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

function wallAsUtc(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
}

/** The zone's offset from UTC at an instant, in minutes (New York in winter: −300). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  const whole = Math.floor(epochMs / MINUTE_MS) * MINUTE_MS;
  return (wallAsUtc(wallTimeAt(zone, whole)) - whole) / MINUTE_MS;
}

/** `UTC+08:00`, `UTC−05:00` (with a real minus sign). */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** The zone's own short name at an instant in English (`EST`, `EDT`, `GMT+1`). */
export function zoneAbbreviation(zone: string, epochMs: number): string {
  return zoneNamePart(zone, epochMs, 'short');
}

/** The zone's long name at an instant in English (`China Standard Time`). */
export function zoneLongName(zone: string, epochMs: number): string {
  return zoneNamePart(zone, epochMs, 'long');
}

function zoneNamePart(zone: string, epochMs: number, style: 'short' | 'long'): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style }).formatToParts(
    new Date(epochMs),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

export type WallTimeResolution =
  | { kind: 'normal'; instants: [number] }
  /** Clocks jumped over this time: `instants[0]` is where the same elapsed time lands (after the gap). */
  | { kind: 'nonexistent'; instants: [number]; gapMinutes: number; offsetBefore: number; offsetAfter: number }
  /** Clocks went back over this time: it happened twice, earlier instant first. */
  | { kind: 'repeated'; instants: [number, number] };

/**
 * Every instant at which the zone's clocks read `wall`. Offsets change at most once within two
 * days, so the offsets one day either side are the only candidates.
 */
export function resolveWallTime(zone: string, wall: WallTime): WallTimeResolution {
  const asUtc = wallAsUtc(wall);
  const offsetBefore = zoneOffsetMinutes(zone, asUtc - DAY_MS);
  const offsetAfter = zoneOffsetMinutes(zone, asUtc + DAY_MS);
  const matches = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((instant) => wallAsUtc(wallTimeAt(zone, instant)) === asUtc)
    .sort((a, b) => a - b);
  if (matches.length === 2) return { kind: 'repeated', instants: [matches[0]!, matches[1]!] };
  if (matches.length === 1) return { kind: 'normal', instants: [matches[0]!] };
  // In a gap: read with the offset in force before the jump, as clocks that had not yet moved would.
  return {
    kind: 'nonexistent',
    instants: [asUtc - offsetBefore * MINUTE_MS],
    gapMinutes: offsetAfter - offsetBefore,
    offsetBefore,
    offsetAfter,
  };
}

export interface ZoneTransition {
  /** The first instant of the new offset. */
  at: number;
  offsetBefore: number;
  offsetAfter: number;
  /** What the clocks would have read at the change, and what they read instead (02:00 → 03:00). */
  wallBefore: WallTime;
  wallAfter: WallTime;
}

/** The offset changes of a zone during a calendar year (UTC), found by scanning and bisection. */
export function zoneTransitions(zone: string, year: number): ZoneTransition[] {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const found: ZoneTransition[] = [];
  let prevAt = start;
  let prevOffset = zoneOffsetMinutes(zone, start);
  for (let t = start + DAY_MS; t <= end; t += DAY_MS) {
    const offset = zoneOffsetMinutes(zone, t);
    if (offset !== prevOffset) {
      let lo = prevAt;
      let hi = t;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zoneOffsetMinutes(zone, mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      found.push({
        at: hi,
        offsetBefore: prevOffset,
        offsetAfter: offset,
        wallBefore: utcFieldsAsWall(hi + prevOffset * MINUTE_MS),
        wallAfter: wallTimeAt(zone, hi),
      });
    }
    prevAt = t;
    prevOffset = offset;
  }
  return found;
}

export { DAY_MS, HOUR_MS, MINUTE_MS };
