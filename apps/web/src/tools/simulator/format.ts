/** How the Simulator shows times, places and sizes (plain functions, tested in node). */

/** An instant (ISO-8601 or epoch ms) as `YYYY-MM-DD HH:mm:ss UTC` (with `.SSS` when `ms`); text that is no date as given. */
export function formatUtc(value: string | number, { ms = false }: { ms?: boolean } = {}): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const iso = d.toISOString(); // 2026-11-24T17:30:05.123Z
  return `${iso.slice(0, 10)} ${iso.slice(11, ms ? 23 : 19)} UTC`;
}

export interface Place {
  city: string;
  stateOrProvinceCode: string;
  countryCode: string;
}

/** `Memphis, TN, US`; the parts that are empty left out. */
export function formatPlace(place: Place): string {
  return [place.city, place.stateOrProvinceCode, place.countryCode].filter((p) => p.trim()).join(', ');
}

/** `1.5 MB`, `800 KB`, `512 B` (binary units, one decimal when below 10). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${text} ${units[unit]}`;
}

/** A call's duration: `0.4 ms`, `12.3 ms`, `1,204 ms`. */
export function formatDuration(ms: number): string {
  return ms < 100 ? `${Math.round(ms * 10) / 10} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** The body as a person reads it: JSON pretty-printed, anything else as it is. */
export function prettyBody(text: string): string {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return text;
  }
}

/**
 * The simulated now shown between two reads of the clock: the last read plus the real time since,
 * at the clock's factor.
 */
export function simulatedNow(readNow: string, readAt: number, factor: number, realNow: number): number {
  return Date.parse(readNow) + Math.max(0, realNow - readAt) * factor;
}
