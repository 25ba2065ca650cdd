/**
 * The twin's pickup calendar (a documented model, docs/modules/carrier.md "Pickups and tags"):
 * where a pickup address is in time (its time zone from our city and postal data), each carrier's
 * cut-offs, and the days a driver comes. Pickup availability, create pickup and return tags all
 * answer from it.
 */
import tzLookup from '@photostructure/tz-lookup';
import { wallTimeAt } from '@lab/core/time';
import { placeRouting } from '@lab/core/carrier/label';
import type { LabServices } from '../../module.js';
import { addBusinessDays, dayOfWeek } from './tariff/transit.js';

export interface PickupAddress {
  city?: string | undefined;
  stateOrProvinceCode?: string | undefined;
  postalCode?: string | undefined;
  countryCode?: string | undefined;
}

/** A carrier's pickup day: from the first ready time to the cut-off, the driver needing `accessMinutes` before the close. */
export interface CarrierPickupTerms {
  /** The latest ready time a pickup may be booked with (HH:MM). */
  cutOff: string;
  /** The latest close time a driver can come by (HH:MM). */
  latestClose: string;
  /** The first ready time of a day (HH:MM). */
  firstReady: string;
  accessMinutes: number;
  residential: boolean;
}

/** Express and Ground pickup days (the model's numbers, not the carrier's local tables). */
export const PICKUP_TERMS: Record<string, CarrierPickupTerms> = {
  FDXE: { cutOff: '17:00', latestClose: '20:00', firstReady: '08:00', accessMinutes: 90, residential: true },
  FDXG: { cutOff: '15:30', latestClose: '18:00', firstReady: '08:00', accessMinutes: 120, residential: true },
};

export const termsOf = (carrier: string): CarrierPickupTerms => PICKUP_TERMS[carrier] ?? PICKUP_TERMS.FDXE!;

/** Where the address is in time: the IANA zone at its coordinates (postal code, else city, else the country's main city); UTC when unknown. */
export async function zoneOf(places: LabServices['places'], address: PickupAddress): Promise<string> {
  const located = await places.locate({
    ...(address.city ? { city: address.city } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    countryCode: address.countryCode ?? 'US',
  });
  return located ? tzLookup(located.lat, located.lon) : 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) and time (HH:MM:SS) of an instant in a zone. */
export function localNow(zone: string, now: number): { date: string; time: string } {
  const w = wallTimeAt(zone, now);
  const seconds = Math.floor(now / 1000) % 60;
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}:${pad(seconds)}`,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
const isWeekend = (date: string) => ['SAT', 'SUN'].includes(dayOfWeek(date));

/** Half-hour slots from `from` to `to` (minutes of the day, both included). */
function slots(from: number, to: number): string[] {
  const out: string[] = [];
  for (let m = Math.ceil(from / 30) * 30; m <= to; m += 30) out.push(clock(m));
  return out;
}

export interface PickupDay {
  date: string;
  available: boolean;
  sameDay: boolean;
  cutOffTime: string;
  readyTimeOptions: string[];
  latestTimeOptions: string[];
}

/**
 * A carrier's pickup on a local date: a business day, and when it is today, only while the local
 * time is before the cut-off (ready times start at the next half hour).
 */
export function pickupDay(terms: CarrierPickupTerms, date: string, local: { date: string; time: string }): PickupDay {
  const sameDay = date === local.date;
  const first = minutesOf(terms.firstReady);
  const cutOff = minutesOf(terms.cutOff);
  const start = sameDay ? Math.max(first, minutesOf(local.time) + 1) : first;
  const ready = date < local.date || isWeekend(date) ? [] : slots(start, cutOff);
  const latest = ready.length ? slots(minutesOf(ready[0]!) + terms.accessMinutes, minutesOf(terms.latestClose)) : [];
  return {
    date,
    available: ready.length > 0,
    sameDay,
    cutOffTime: clock(cutOff),
    readyTimeOptions: ready,
    latestTimeOptions: latest,
  };
}

/** The first day a driver can come: today while before the cut-off, else the next business day. */
export function firstPickupDay(terms: CarrierPickupTerms, local: { date: string; time: string }): PickupDay {
  const today = pickupDay(terms, local.date, local);
  if (today.available) return today;
  return pickupDay(terms, addBusinessDays(local.date, 1), local);
}

/** The station that serves a pickup address (the routing table's location id). */
export const pickupStation = (address: PickupAddress): string =>
  placeRouting(address.countryCode ?? 'US', (address.postalCode ?? '').trim(), address.city ?? '').locationId;
