/**
 * What tracking answers and what the webhooks carry, from the scan-event rows: the track
 * document's TrackResult of one piece (scan events newest first, latest status) and the
 * shipment-visibility envelope of one released event.
 */
import { createHash } from 'node:crypto';
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import { SIM_SCENARIOS, scenarioOfReference, type SimScenario } from '@lab/core/simulator';
import type { PlannedScan, PlanInput, ScanPlace } from './lifecycle.js';
import type { NewScanEvent, ScanEventRow, ShipmentRow } from './repo.js';
import type { SimParty } from './state.js';
import { serviceName } from './tariff/services.js';
import {
  carrierCodeOf,
  packageDetailOf,
  packageIdentifiersOf,
  shortDescriptionOf,
  storedDetails,
} from './trackDetails.js';
import { statusDescription } from './trackStatus.js';
import { localAt, localIso, type ZoneOf } from './zones.js';

type Json = JsonObject;

export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A planned scan as a row to store. */
export const scanRow = (s: PlannedScan): NewScanEvent => ({
  due_at: s.at,
  event_type: s.eventType,
  description: s.eventDescription,
  derived_code: s.derivedStatusCode,
  derived_status: s.derivedStatus,
  location: JSON.stringify(s.location),
  location_type: s.locationType,
  exception_code: s.exceptionCode ?? null,
  exception_description: s.exceptionDescription ?? null,
});

/** A stored row as a planned scan (to replan from what a shipment really holds). */
export const plannedOf = (r: ScanEventRow): PlannedScan => ({
  at: Number(r.due_at),
  eventType: r.event_type,
  eventDescription: r.description,
  derivedStatusCode: r.derived_code,
  derivedStatus: r.derived_status,
  location: JSON.parse(r.location) as ScanPlace,
  locationType: r.location_type ?? '',
  exceptionCode: r.exception_code ?? undefined,
  exceptionDescription: r.exception_description ?? undefined,
});

/** How a track result is written: each place's time zone, and the shipment's pieces (master first). */
export interface TrackView {
  zoneOf: ZoneOf;
  pieces: string[];
}

/** The track document's ScanEvent of a row: its date in the scan location's local time with its offset. */
export function scanEventOf(row: ScanEventRow, zoneOf: ZoneOf): Json {
  const location = JSON.parse(row.location) as ScanPlace;
  return {
    date: localIso(Number(row.due_at), zoneOf(location)),
    eventType: row.event_type,
    eventDescription: row.description,
    ...(row.exception_code ? { exceptionCode: row.exception_code } : {}),
    ...(row.exception_description ? { exceptionDescription: row.exception_description } : {}),
    derivedStatusCode: row.derived_code,
    derivedStatus: row.derived_status,
    scanLocation: location as unknown as Json,
    ...(row.location_type ? { locationType: row.location_type } : {}),
  };
}

/** The plan inputs stored with a shipment (rows from before lifecycles have none). */
export const planInputOf = (s: ShipmentRow): PlanInput | undefined => {
  const input = JSON.parse(s.lifecycle || '{}') as Partial<PlanInput>;
  return input.deliveryDate ? (input as PlanInput) : undefined;
};

/** A stored party as the track document's contact-and-address (shipperInformation, recipientInformation). */
const addressOf = (json: string): Json => {
  const p = JSON.parse(json) as SimParty;
  return {
    contact: {
      ...(p.personName ? { personName: p.personName } : {}),
      ...(p.phoneNumber ? { phoneNumber: p.phoneNumber } : {}),
      ...(p.companyName ? { companyName: p.companyName } : {}),
    },
    address: {
      ...(p.streetLines.length > 0 ? { streetLines: p.streetLines } : {}),
      city: p.city.toUpperCase(),
      ...(p.stateOrProvinceCode ? { stateOrProvinceCode: p.stateOrProvinceCode } : {}),
      ...(p.postalCode ? { postalCode: p.postalCode } : {}),
      countryCode: p.countryCode,
    },
  };
};

/** The places a track result writes times of (each scan's, the shipment's ends): their zones are resolved first. */
export function placesOf(s: ShipmentRow, rows: ScanEventRow[]): ScanPlace[] {
  const input = planInputOf(s);
  return [
    ...rows.map((r) => JSON.parse(r.location) as ScanPlace),
    ...(input ? [input.origin, input.destination] : []),
    placeOf(JSON.parse(s.shipper) as SimParty),
    placeOf(JSON.parse(s.recipient) as SimParty),
  ];
}

const placeOf = (p: SimParty): ScanPlace => ({
  city: p.city,
  stateOrProvinceCode: p.stateOrProvinceCode,
  postalCode: p.postalCode,
  countryCode: p.countryCode,
});

/** The window the model estimates a delivery in, when the service commits to no time (local, destination). */
const ESTIMATED_WINDOW = { begins: '08:00:00', ends: '20:00:00' };

/**
 * One piece's TrackResult from its shipment's due rows (newest first): the piece (tracking number,
 * operating company, packages, references), the latest status (the published table's code and
 * description, an exception's reason as the document's StatusAncillaryDetail), the service, the
 * parties' addresses, the dates the document's TrackingDateAndTime types name (local times with
 * their offsets) and the scan events.
 */
export function trackResultOf(s: ShipmentRow, tracking: string, dueNewestFirst: ScanEventRow[], view: TrackView): Json {
  const { zoneOf } = view;
  const events = dueNewestFirst.map((r) => scanEventOf(r, zoneOf));
  const latest = events[0]!;
  const input = planInputOf(s);
  const origin = input?.origin ?? placeOf(JSON.parse(s.shipper) as SimParty);
  const destination = input?.destination ?? placeOf(JSON.parse(s.recipient) as SimParty);
  const of = (type: string) => dueNewestFirst.find((r) => r.event_type === type);
  const localOf = (r: ScanEventRow) => localIso(Number(r.due_at), zoneOf(JSON.parse(r.location) as ScanPlace));
  const pickedUp = of('PU');
  const delivered = dueNewestFirst[0]?.event_type === 'DL' ? dueNewestFirst[0] : undefined;
  const open = !delivered && s.cancelled_at === null && input !== undefined;
  const estimated = open && !input.commitTime;
  const destinationZone = zoneOf(destination);
  const dates: Json[] = [
    { type: 'SHIP', dateTime: localAt(input?.shipDate ?? s.ship_date, '00:00:00', zoneOf(origin)) },
  ];
  if (pickedUp) dates.push({ type: 'ACTUAL_PICKUP', dateTime: localOf(pickedUp) });
  if (delivered) dates.push({ type: 'ACTUAL_DELIVERY', dateTime: localOf(delivered) });
  else if (open && input.commitTime)
    dates.push({ type: 'COMMITMENT', dateTime: localAt(input.deliveryDate, input.commitTime, destinationZone) });
  else if (estimated)
    dates.push({
      type: 'ESTIMATED_DELIVERY',
      dateTime: localAt(input.deliveryDate, ESTIMATED_WINDOW.ends, destinationZone),
    });
  const reason = latest.exceptionCode ?? undefined;
  const carrierCode = carrierCodeOf(s.service_type);
  const uniqueId = `12029~${tracking}~${carrierCode === 'FDXG' ? 'FDEG' : 'FX'}`;
  const index = Math.max(0, view.pieces.indexOf(tracking));
  const details = storedDetails(s.details);
  const identifiers = packageIdentifiersOf(details, index, uniqueId);
  const code = str(latest.derivedStatusCode);
  return {
    trackingNumberInfo: { trackingNumber: tracking, carrierCode, trackingNumberUniqueId: uniqueId },
    additionalTrackingInfo: {
      hasAssociatedShipments: view.pieces.length > 1,
      ...(identifiers.length > 0 ? { packageIdentifiers: identifiers } : {}),
    },
    shipperInformation: addressOf(s.shipper),
    recipientInformation: addressOf(s.recipient),
    latestStatusDetail: {
      code,
      derivedCode: code,
      statusByLocale: latest.derivedStatus,
      description: statusDescription(code),
      scanLocation: latest.scanLocation,
      ...(latest.exceptionDescription
        ? {
            ancillaryDetails: [
              {
                ...(reason ? { reason } : {}),
                reasonDescription: latest.exceptionDescription,
              },
            ],
          }
        : {}),
    },
    serviceDetail: {
      type: s.service_type,
      description: serviceName(s.service_type),
      shortDescription: shortDescriptionOf(s.service_type),
    },
    packageDetails: packageDetailOf(details, index, Math.max(1, view.pieces.length)),
    dateAndTimes: dates,
    ...(estimated
      ? {
          estimatedDeliveryTimeWindow: {
            type: 'ESTIMATED_DELIVERY',
            window: {
              begins: localAt(input.deliveryDate, ESTIMATED_WINDOW.begins, destinationZone),
              ends: localAt(input.deliveryDate, ESTIMATED_WINDOW.ends, destinationZone),
            },
          },
        }
      : {}),
    ...(delivered ? { availableImages: [{ type: 'SIGNATURE_PROOF_OF_DELIVERY', size: 'LARGE' }] } : {}),
    scanEvents: events,
  };
}

/** A stable UUID-shaped id of a string (a released event's webhook transactionId: the same on a re-release). */
function stableUuid(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The shipment-visibility webhook of one scan event for one piece: the envelope the inspector
 * reads (outputMetaData[0].transactionId, .timestamp) and `output` shaped like the tracking API's
 * (the piece's track result as of that event).
 */
export function webhookBody(
  environment: string,
  eventId: string,
  s: ShipmentRow,
  tracking: string,
  dueNewestFirst: ScanEventRow[],
  view: TrackView,
): string {
  const result = trackResultOf(s, tracking, dueNewestFirst, view);
  const event = dueNewestFirst[0]!;
  return JSON.stringify({
    outputMetaData: [
      {
        transactionId: stableUuid(`${environment}:${eventId}`),
        timestamp: isoSeconds(Number(event.due_at)),
        eventType: event.event_type,
      },
    ],
    output: { completeTrackResults: [{ trackingNumber: tracking, trackResults: [result] }] },
  });
}

/** The scenario a request names in any of its customer references (`SIM:<SCENARIO>`), else NORMAL. */
export function scenarioOfRequest(body: unknown): SimScenario {
  let found: SimScenario | undefined;
  const walk = (value: unknown): void => {
    if (found || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) return value.forEach(walk);
    for (const [key, v] of Object.entries(value)) {
      if (key === 'customerReferences') {
        for (const ref of arr(v)) found ??= scenarioOfReference(str(obj(ref).value));
      } else walk(v);
    }
  };
  walk(body);
  return found ?? 'NORMAL';
}

export const isScenario = (v: string): v is SimScenario => (SIM_SCENARIOS as readonly string[]).includes(v);
