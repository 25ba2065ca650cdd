/**
 * Zones and transit days of the tariff model (docs/modules/carrier.md, "Tariff model"): the zone
 * grows with the great-circle distance between origin and destination; a service takes its days
 * in zone 2 plus one more day every few zones; delivery is that many business days (Monday to
 * Friday) after the ship date, so a shipment never delivers on its ship date.
 */
import type { ServiceTerms } from './services.js';

/** Upper bounds of zones 2, 3, 4, … in km; a distance past the last bound is the last zone (11). */
export const ZONE_BOUNDS_KM = [150, 300, 600, 1000, 1400, 1800, 3000, 6000, 10_000] as const;
export const FIRST_ZONE = 2;
export const LAST_ZONE = FIRST_ZONE + ZONE_BOUNDS_KM.length;

/** The zone of a distance: 2 up to 150 km, … 11 past 10,000 km. */
export function zoneFor(distanceKm: number): number {
  const i = ZONE_BOUNDS_KM.findIndex((bound) => distanceKm <= bound);
  return i < 0 ? LAST_ZONE : FIRST_ZONE + i;
}

/** Business days a service takes in a zone (at least 1). */
export function transitDaysFor(service: ServiceTerms, zone: number): number {
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

/** The date `days` business days after `shipDate` (YYYY-MM-DD): Saturdays and Sundays are skipped. */
export function addBusinessDays(shipDate: string, days: number): string {
  let t = utcDate(shipDate);
  for (let left = days; left > 0;) {
    t += DAY_MS;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
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
