/**
 * Zones and transit days of the tariff model (docs/modules/carrier-sim.md, "Tariff model"): the
 * zone grows with the great-circle distance between origin and destination — within one country
 * zones 2–8 by the carrier's US mileage bands, between countries zones 2–11 by km; a service takes
 * the days its zone table gives (Ground: 1–5), or its days in zone 2 plus one more every few zones;
 * delivery is that many business days after the pickup — Monday to Friday, the public holidays of
 * the origin and destination countries skipped (./holidays.ts) — so a shipment never delivers on
 * its ship date, a weekend or a holiday.
 */
import { isHoliday } from './holidays.js';
import type { Lane, ServiceTerms } from './services.js';

/** Upper bounds of zones 2, 3, 4, … in km between countries; a distance past the last bound is the last zone (11). */
export const ZONE_BOUNDS_KM = [150, 300, 600, 1000, 1400, 1800, 3000, 6000, 10_000] as const;
/** Upper bounds of domestic zones 2–7 in miles (the carrier's US zone chart bands); past the last is zone 8. */
export const DOMESTIC_ZONE_BOUNDS_MI = [150, 300, 600, 1000, 1400, 1800] as const;
export const KM_PER_MILE = 1.609344;
export const FIRST_ZONE = 2;
export const LAST_ZONE = FIRST_ZONE + ZONE_BOUNDS_KM.length;
export const LAST_DOMESTIC_ZONE = FIRST_ZONE + DOMESTIC_ZONE_BOUNDS_MI.length;

/**
 * The zone of a distance: between countries 2 up to 150 km, … 11 past 10,000 km; within one
 * country 2 up to 150 miles, … 8 past 1,800 miles.
 */
export function zoneFor(distanceKm: number, lane: Lane = 'international'): number {
  if (lane === 'domestic') {
    const miles = distanceKm / KM_PER_MILE;
    const i = DOMESTIC_ZONE_BOUNDS_MI.findIndex((bound) => miles <= bound);
    return i < 0 ? LAST_DOMESTIC_ZONE : FIRST_ZONE + i;
  }
  const i = ZONE_BOUNDS_KM.findIndex((bound) => distanceKm <= bound);
  return i < 0 ? LAST_ZONE : FIRST_ZONE + i;
}

/** The zone of a lane when a place is not in our data: its farthest. */
export const farthestZone = (lane: Lane): number => (lane === 'domestic' ? LAST_DOMESTIC_ZONE : LAST_ZONE);

/** Business days a service takes in a zone (at least 1). */
export function transitDaysFor(service: ServiceTerms, zone: number): number {
  const table = service.transitByZone;
  if (table) return table[Math.min(Math.max(zone - FIRST_ZONE, 0), table.length - 1)]!;
  const extra = service.zonesPerExtraDay > 0 ? Math.floor((zone - FIRST_ZONE) / service.zonesPerExtraDay) : 0;
  return Math.max(1, service.transitDays + extra);
}

const DAY_MS = 86_400_000;
export const DAYS_OF_WEEK = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

const utcDate = (isoDate: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new Error(`not a date: ${isoDate}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};

const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Whether the UTC day at `t` (ms) is Monday to Friday and no public holiday in any of `countries`. */
function businessDayAt(t: number, countries: readonly string[]): boolean {
  const weekday = new Date(t).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (countries.length === 0) return true;
  const iso = isoOf(t);
  return !countries.some((c) => isHoliday(c, iso));
}

/** Whether a YYYY-MM-DD date is Monday to Friday and no public holiday in any of `countries`. */
export const isBusinessDay = (isoDate: string, countries: readonly string[] = []): boolean =>
  businessDayAt(utcDate(isoDate), countries);

/** addBusinessDays' answers (a rate quote asks it for every service of the lane, each call alike). */
const businessDaysAdded = new Map<string, string>();

/**
 * The date `days` business days after `shipDate` (YYYY-MM-DD): Saturdays, Sundays and the public
 * holidays of `countries` are skipped.
 */
export function addBusinessDays(shipDate: string, days: number, countries: readonly string[] = []): string {
  const key = `${shipDate}|${days}|${countries.join(',')}`;
  const known = businessDaysAdded.get(key);
  if (known !== undefined) return known;
  let t = utcDate(shipDate);
  for (let left = days; left > 0;) {
    t += DAY_MS;
    if (businessDayAt(t, countries)) left--;
  }
  const date = isoOf(t);
  if (businessDaysAdded.size >= 10_000) businessDaysAdded.clear();
  businessDaysAdded.set(key, date);
  return date;
}

/** The first business day on or after `date` in `countries` (the day a pickup happens). */
export function firstBusinessDay(date: string, countries: readonly string[] = []): string {
  let t = utcDate(date);
  while (!businessDayAt(t, countries)) t += DAY_MS;
  return isoOf(t);
}

/** SUN … SAT of a YYYY-MM-DD date. */
export const dayOfWeek = (isoDate: string): (typeof DAYS_OF_WEEK)[number] =>
  DAYS_OF_WEEK[new Date(utcDate(isoDate)).getUTCDay()]!;

const COUNT_WORDS = [
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
  'TWENTY',
];

/** The carrier's transit time words: 1 → ONE_DAY, 3 → THREE_DAYS (at most TWENTY_DAYS). */
export function transitTimeWords(days: number): string {
  const n = Math.min(Math.max(1, days), COUNT_WORDS.length);
  return `${COUNT_WORDS[n - 1]!}_${n === 1 ? 'DAY' : 'DAYS'}`;
}
