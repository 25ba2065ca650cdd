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

/** How many days ahead a pickup may be booked (the model's window, the ship date's 10 days). */
export const PICKUP_ADVANCE_DAYS = 10;

/** The pickup-date refusals: the pickup-request document's code for a past day; ours for one past the window. */
export const PICKUP_DATE_MESSAGES = {
  /** pickup-request document, the 400 example of create pickup. */
  previousDay: {
    code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
    message: 'Cannot schedule a pickup requested for a previous day.',
  },
  /** Ours: the documents give no code for a pickup too far ahead. */
  tooFarAhead: {
    code: 'PICKUP.REQUESTED.FUTURE.DAY',
    message: `Cannot schedule a pickup more than ${PICKUP_ADVANCE_DAYS} days ahead.`,
  },
} as const;

const DAY_MS = 86_400_000;

/**
 * The pickup-date rule (issue 39 item 6), for create pickup, pickup availability and return tags:
 * a date before the pickup address's local today, or more than PICKUP_ADVANCE_DAYS after it, is
 * refused with the carrier's code and message (the asked date and the accepted range in
 * parameterList). As for ship dates, the dates of the operation's own named example requests
 * (`accepted`) are accepted whatever the clock says, and then answer from today. No date: today.
 */
export function pickupDateProblem(
  date: string,
  today: string,
  field: string,
  accepted: ReadonlySet<string> = new Set(),
): { code: string; message: string; parameterList: { key: string; value: string }[] } | undefined {
  const day = date.slice(0, 10);
  if (!day || accepted.has(day)) return undefined;
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + PICKUP_ADVANCE_DAYS * DAY_MS).toISOString().slice(0, 10);
  const refusal =
    day < today ? PICKUP_DATE_MESSAGES.previousDay : day > latest ? PICKUP_DATE_MESSAGES.tooFarAhead : undefined;
  if (!refusal) return undefined;
  return {
    ...refusal,
    parameterList: [
      { key: field, value: day },
      { key: 'accepted', value: `${today} to ${latest}` },
    ],
  };
}
