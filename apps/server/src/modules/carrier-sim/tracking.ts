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
import { serviceName } from './tariff/services.js';

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

/** The track document's ScanEvent of a row. */
export function scanEventOf(row: ScanEventRow): Json {
  return {
    date: isoSeconds(Number(row.due_at)),
    eventType: row.event_type,
    eventDescription: row.description,
    ...(row.exception_code ? { exceptionCode: row.exception_code } : {}),
    ...(row.exception_description ? { exceptionDescription: row.exception_description } : {}),
    derivedStatusCode: row.derived_code,
    derivedStatus: row.derived_status,
    scanLocation: JSON.parse(row.location) as Json,
    ...(row.location_type ? { locationType: row.location_type } : {}),
  };
}

/** The plan inputs stored with a shipment (rows from before lifecycles have none). */
export const planInputOf = (s: ShipmentRow): PlanInput | undefined => {
  const input = JSON.parse(s.lifecycle || '{}') as Partial<PlanInput>;
  return input.deliveryDate ? (input as PlanInput) : undefined;
};

/**
 * One piece's TrackResult from its shipment's due rows (newest first): the latest status (with the
 * reason of an exception, as the document's StatusAncillaryDetail), the service, the dates the
 * document's TrackingDateAndTime types name, and the scan events.
 */
export function trackResultOf(s: ShipmentRow, tracking: string, dueNewestFirst: ScanEventRow[]): Json {
  const events = dueNewestFirst.map(scanEventOf);
  const latest = events[0]!;
  const input = planInputOf(s);
  const of = (type: string) => dueNewestFirst.find((r) => r.event_type === type);
  const pickedUp = of('PU');
  const delivered = dueNewestFirst[0]?.event_type === 'DL' ? dueNewestFirst[0] : undefined;
  const dates: Json[] = [{ type: 'SHIP', dateTime: `${input?.shipDate ?? s.ship_date}T00:00:00` }];
  if (pickedUp) dates.push({ type: 'ACTUAL_PICKUP', dateTime: latestIso(pickedUp) });
  if (delivered) dates.push({ type: 'ACTUAL_DELIVERY', dateTime: latestIso(delivered) });
  else if (input && s.cancelled_at === null)
    dates.push({ type: 'COMMITMENT', dateTime: `${input.deliveryDate}T${input.commitTime ?? '23:59:00'}` });
  const reason = latest.exceptionCode ?? undefined;
  return {
    trackingNumberInfo: {
      trackingNumber: tracking,
      carrierCode: 'FDXE',
      trackingNumberUniqueId: `12029~${tracking}~FDEG`,
    },
    latestStatusDetail: {
      code: latest.eventType,
      derivedCode: latest.derivedStatusCode,
      statusByLocale: latest.derivedStatus,
      description: latest.eventDescription,
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
    serviceDetail: { type: s.service_type, description: serviceName(s.service_type) },
    dateAndTimes: dates,
    scanEvents: events,
  };
}

const latestIso = (r: ScanEventRow) => isoSeconds(Number(r.due_at)).replace(/Z$/, '');

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
): string {
  const result = trackResultOf(s, tracking, dueNewestFirst);
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
