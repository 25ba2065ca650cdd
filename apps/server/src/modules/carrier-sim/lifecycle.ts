/**
 * A shipment's lifecycle on the simulated clock (docs/modules/carrier.md, "Lifecycles"): its scan
 * events computed from the tariff model's promise (ship date, delivery date and commit time, lane)
 * and its scenario. Pure functions: the rows are written by repo.ts, released by release.ts.
 */
import type { SimScenario } from '@lab/core/simulator';
import { resolveWallTime, wallTimeAt } from '@lab/core/time';
import { addBusinessDays } from './tariff/transit.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A place a scan happens at (the scan location of the track document's ScanEvent). */
export interface ScanPlace {
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

/** What a plan is computed from, stored with the shipment (`lifecycle` column) to replan it. */
export interface PlanInput {
  /** Simulated ms: the label is created then. */
  createdAt: number;
  /** YYYY-MM-DD. */
  shipDate: string;
  /** YYYY-MM-DD: the date the rate reply promises (`deliveryDatestamp`). */
  deliveryDate: string;
  /** HH:MM:SS: the service's commit time, when it has one. */
  commitTime?: string | undefined;
  /** The service's transit business days (a return to the shipper takes as many). */
  transitDays: number;
  international: boolean;
  origin: ScanPlace;
  destination: ScanPlace;
  /** The sort hub (hubs.ts); Memphis when absent (plans stored before hubs were regional). */
  hub?: ScanPlace | undefined;
  /** A Ground shipment: its hub does not scan on Sundays. */
  ground?: boolean | undefined;
  /** Countries whose public holidays the journey skips (origin, destination). */
  holidayCountries?: string[] | undefined;
  /**
   * The IANA zones of the origin, the hub and the destination (our city data, zones.ts): scan times
   * are planned in each place's local time. UTC for a place without one (and plans stored before).
   */
  zones?: PlanZones | undefined;
}

export interface PlanZones {
  origin: string;
  hub: string;
  destination: string;
}

export interface PlannedScan {
  at: number;
  eventType: string;
  eventDescription: string;
  derivedStatusCode: string;
  derivedStatus: string;
  location: ScanPlace;
  locationType: string;
  exceptionCode?: string | undefined;
  exceptionDescription?: string | undefined;
}

/** The carrier's Memphis hub, where a plan without a regional hub (hubs.ts) is sorted. */
export const HUB: ScanPlace = { city: 'MEMPHIS', stateOrProvinceCode: 'TN', postalCode: '38118', countryCode: 'US' };

const upper = (p: ScanPlace): ScanPlace => ({ ...p, city: p.city.toUpperCase() });

/** The instant a zone's clocks read `time` (HH:MM[:SS]) on `date` (YYYY-MM-DD); in a DST gap, just after it. */
export function localMoment(date: string, time: string, zone = 'UTC'): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return resolveWallTime(zone, { year, month, day, hour, minute }).instants[0];
}

/** The local date (YYYY-MM-DD) and minutes after midnight of an instant in a zone. */
export function localReading(t: number, zone = 'UTC'): { date: string; minutes: number; weekday: number } {
  const w = wallTimeAt(zone, t);
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return { date, minutes: w.hour * 60 + w.minute, weekday: new Date(`${date}T00:00:00Z`).getUTCDay() };
}

/** The local hours pickups and deliveries happen in (the estimated delivery window is the same). */
export const LOCAL_BUSINESS_HOURS = { opens: '07:00', closes: '20:00' } as const;

const zonesOf = (input: PlanInput): PlanZones => input.zones ?? { origin: 'UTC', hub: 'UTC', destination: 'UTC' };

/**
 * When the package is delivered, in the destination's local time: one hour before the commit time,
 * 16:00 without one.
 */
export function deliveryMoment(input: PlanInput): number {
  return localMoment(input.deliveryDate, input.commitTime ?? '17:00:00', zonesOf(input).destination) - HOUR;
}

type Step = Omit<PlannedScan, 'at' | 'location'> & { place: 'origin' | 'hub' | 'destination' };

const S = {
  OC: {
    eventType: 'OC',
    eventDescription: 'Shipment information sent to FedEx',
    derivedStatusCode: 'OC',
    derivedStatus: 'Label created',
    locationType: 'CUSTOMER',
    place: 'origin',
  },
  PU: {
    eventType: 'PU',
    eventDescription: 'Picked up',
    derivedStatusCode: 'PU',
    derivedStatus: 'Picked up',
    locationType: 'PICKUP_LOCATION',
    place: 'origin',
  },
  DP_ORIGIN: {
    eventType: 'DP',
    eventDescription: 'Left FedEx origin facility',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'ORIGIN_FEDEX_FACILITY',
    place: 'origin',
  },
  CC_EXPORT: {
    eventType: 'CC',
    eventDescription: 'International shipment release - Export',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'ORIGIN_AIRPORT',
    place: 'origin',
  },
  AR_HUB: {
    eventType: 'AR',
    eventDescription: 'Arrived at FedEx hub',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'SORT_FACILITY',
    place: 'hub',
  },
  DP_HUB: {
    eventType: 'DP',
    eventDescription: 'Departed FedEx hub',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'SORT_FACILITY',
    place: 'hub',
  },
  CC_IMPORT: {
    eventType: 'CC',
    eventDescription: 'International shipment release - Import',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'PORT_OF_ENTRY',
    place: 'destination',
  },
  AR_DEST: {
    eventType: 'AR',
    eventDescription: 'At local FedEx facility',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    locationType: 'DESTINATION_FEDEX_FACILITY',
    place: 'destination',
  },
  OD: {
    eventType: 'OD',
    eventDescription: 'On FedEx vehicle for delivery',
    derivedStatusCode: 'OD',
    derivedStatus: 'Out for delivery',
    locationType: 'VEHICLE',
    place: 'destination',
  },
  DL: {
    eventType: 'DL',
    eventDescription: 'Delivered',
    derivedStatusCode: 'DL',
    derivedStatus: 'Delivered',
    locationType: 'DELIVERY_LOCATION',
    place: 'destination',
  },
  CD_IMPORT: {
    eventType: 'CD',
    eventDescription: 'Clearance delay - Import',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    locationType: 'PORT_OF_ENTRY',
    place: 'destination',
    exceptionCode: 'A25',
    exceptionDescription: 'Package available for clearance',
  },
  DE_NOT_AVAILABLE: {
    eventType: 'DE',
    eventDescription: 'Delivery exception',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    locationType: 'DELIVERY_LOCATION',
    place: 'destination',
    exceptionCode: '15',
    exceptionDescription: 'Customer not available or business closed',
  },
  DE_REFUSED: {
    eventType: 'DE',
    eventDescription: 'Delivery exception',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    locationType: 'DELIVERY_LOCATION',
    place: 'destination',
    exceptionDescription: 'Refused by recipient',
  },
  RS: {
    eventType: 'RS',
    eventDescription: 'Returning package to shipper',
    derivedStatusCode: 'RS',
    derivedStatus: 'Return to shipper',
    locationType: 'DESTINATION_FEDEX_FACILITY',
    place: 'destination',
  },
  DL_SHIPPER: {
    eventType: 'DL',
    eventDescription: 'Delivered',
    derivedStatusCode: 'DL',
    derivedStatus: 'Delivered to shipper',
    locationType: 'DELIVERY_LOCATION',
    place: 'origin',
  },
  SE_DAMAGED: {
    eventType: 'SE',
    eventDescription: 'Shipment exception',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    locationType: 'SORT_FACILITY',
    place: 'hub',
    exceptionDescription: 'Package damaged, not deliverable',
  },
} satisfies Record<string, Step>;

/**
 * The scenarios a shipment may follow, and whether one applies to it: a customs hold needs
 * customs (an international shipment). A domestic shipment asked for CUSTOMS_HOLD follows NORMAL.
 */
export const scenarioApplies = (scenario: SimScenario, input: Pick<PlanInput, 'international'>) =>
  scenario !== 'CUSTOMS_HOLD' || input.international;

/**
 * The scan events of a shipment in order, strictly increasing in time, each planned in its
 * place's local time (`zones`): label created (at creation), picked up (the ship date at 17:00
 * at the origin), departed the origin facility (3 h
 * later), international: export release at the origin; the hub (arrival, departure);
 * international: import release at the destination; at the destination facility (4 h before
 * delivery), on vehicle (2 h before), delivered (one hour before the commit time of the promised
 * date). A scenario replaces the end (see SCENARIO_ENDINGS in the docs).
 */
export function planScans(input: PlanInput, scenario: SimScenario): PlannedScan[] {
  const zones = zonesOf(input);
  const delivered = deliveryMoment(input);
  const pickup = Math.max(localMoment(input.shipDate, '17:00:00', zones.origin), input.createdAt + HOUR);
  const departed = pickup + 3 * HOUR;
  const atDestination = delivered - 4 * HOUR;
  const span = Math.max(atDestination - departed, 10 * MINUTE);
  const mid = (f: number) => departed + Math.round(span * f);
  const steps: [number, Step][] = [
    [input.createdAt, S.OC],
    [pickup, S.PU],
    [departed, S.DP_ORIGIN],
  ];
  if (input.international) steps.push([mid(0.1), S.CC_EXPORT]);
  // Ground hubs do not scan on Sundays: a scan that would fall on one happens early on Monday.
  const hubAt = (t: number) => (input.ground ? Math.min(notOnSunday(t, zones.hub), atDestination - 3 * HOUR) : t);
  steps.push([hubAt(mid(0.3)), S.AR_HUB]);
  if (scenario === 'DAMAGED') {
    steps.push([hubAt(mid(0.4)), S.SE_DAMAGED]);
    return place(input, steps);
  }
  steps.push([hubAt(mid(0.5)), S.DP_HUB]);
  if (input.international) {
    if (scenario === 'CUSTOMS_HOLD') {
      steps.push([mid(0.8), S.CD_IMPORT]);
      return place(input, steps);
    }
    steps.push([mid(0.8), S.CC_IMPORT]);
  }
  steps.push([atDestination, S.AR_DEST], [delivered - 2 * HOUR, S.OD]);
  if (scenario === 'DELIVERY_EXCEPTION') {
    // The first attempt finds nobody; the next business day's attempt delivers.
    const nextDate = addBusinessDays(input.deliveryDate, 1, input.holidayCountries);
    const next = sameTimeOn(nextDate, delivered, zones.destination, zones.destination);
    steps.push([delivered, S.DE_NOT_AVAILABLE], [next - 2 * HOUR, S.OD], [next, S.DL]);
  } else if (scenario === 'RETURN_TO_SHIPPER') {
    // Refused at the door, sent back: delivered to the shipper after the service's transit days.
    const backDate = addBusinessDays(input.deliveryDate, input.transitDays, input.holidayCountries);
    const back = sameTimeOn(backDate, delivered, zones.destination, zones.origin);
    steps.push([delivered, S.DE_REFUSED], [delivered + 2 * HOUR, S.RS], [back, S.DL_SHIPPER]);
  } else {
    steps.push([delivered, S.DL]);
  }
  return place(input, steps);
}

/** A moment on a local Sunday in `zone` moved to 02:00 local the next Monday; other moments unchanged. */
function notOnSunday(t: number, zone: string): number {
  const local = localReading(t, zone);
  if (local.weekday !== 0) return t;
  const monday = new Date(Date.parse(`${local.date}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
  return localMoment(monday, '02:00', zone);
}

/** `date` in zone `to` at the local time of day `delivered` has in zone `from` (a later attempt, a return). */
function sameTimeOn(date: string, delivered: number, from: string, to: string): number {
  const { minutes } = localReading(delivered, from);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return localMoment(date, time, to);
}

/** Times made strictly increasing (a minute apart at least) and places resolved. */
function place(input: PlanInput, steps: [number, Step][]): PlannedScan[] {
  let previous = -Infinity;
  return steps.map(([t, { place: where, ...step }]) => {
    const time = Math.max(t, previous + MINUTE);
    previous = time;
    const location =
      where === 'origin' ? input.origin : where === 'destination' ? input.destination : (input.hub ?? HUB);
    return { ...step, at: time, location: upper(location) };
  });
}

/** Whether a plan's last event ends the shipment's journey (a hold in customs does not: it may be released). */
export const isFinal = (scan: Pick<PlannedScan, 'eventType'>) => scan.eventType === 'DL' || scan.eventType === 'SE';

/**
 * The events to add when a shipment that has `dueCount` events due (by `now`) changes from the
 * `before` plan to the `after` plan (its events not yet due are dropped): the new plan from where
 * the shipment is. The new ending (from where the plans part) is moved, if it would start before
 * now, to start a minute after now — an hour after now when the shipment had already gone past
 * the parting on its old path.
 */
export function replan(before: PlannedScan[], after: PlannedScan[], dueCount: number, now: number): PlannedScan[] {
  let branch = 0;
  while (
    branch < before.length &&
    branch < after.length &&
    before[branch]!.at === after[branch]!.at &&
    before[branch]!.eventType === after[branch]!.eventType &&
    before[branch]!.eventDescription === after[branch]!.eventDescription
  ) {
    branch++;
  }
  const keep = after.slice(dueCount, branch);
  const tail = after.slice(branch);
  if (tail.length === 0) return keep;
  // The new ending starts no earlier than a minute from now (an hour once the old path went past the parting).
  const shift = Math.max(0, now + (dueCount > branch ? HOUR : MINUTE) - tail[0]!.at);
  return [...keep, ...tail.map((s) => ({ ...s, at: s.at + shift }))];
}
