import { SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import type { LabServices } from '../../module.js';
import type { ScanEventRow, ShipmentRow, SimStore } from './repo.js';
import { placesOf, webhookBody, type TrackView } from './tracking.js';
import { zonesOf, type ZoneOf } from './zones.js';

type SimWebhookEvent = Parameters<LabServices['webhookSender']['enqueue']>[0][number];

/** Events handed to the webhooks in one enqueue (one transaction of the outbox). */
export const RELEASE_BATCH = 1000;

/**
 * Releases the scan events of `environment` due by `now` and not yet released, in order (due time,
 * id): each piece of the event's shipment gets the event's shipment-visibility payload (event id
 * `<row id>:<tracking number>`), the batch is queued with `webhookSender.enqueue`, then the rows
 * are marked released; no more rows at a time than `webhookSender.room` (a scan row of a
 * multi-piece shipment makes one event per piece, so the bound may be passed by one batch's extra
 * pieces). At least once: a crash between the two re-queues the batch, which the
 * outbox takes once (unique subscription + event id). Returns the number of scan events released.
 */
export async function releaseDue(
  store: SimStore,
  sender: LabServices['webhookSender'],
  environment: SimEnvironmentName,
  now: number,
  publish: (topic: string, data: unknown) => Promise<void>,
  places: Pick<LabServices['places'], 'timeZone'>,
): Promise<number> {
  let released = 0;
  for (;;) {
    // No more than the outbox has room for (SIM_WEBHOOK_MAX_PENDING): the rest stay due and go at
    // a later tick, once deliveries have made room.
    const limit = Math.min(RELEASE_BATCH, await sender.room(environment));
    if (limit <= 0) return released;
    const rows = await store.dueUnreleased(environment, now, limit);
    if (rows.length === 0) return released;
    const shipmentIds = [...new Set(rows.map((r) => Number(r.shipment_id)))];
    const shipments = new Map((await store.shipmentsById(shipmentIds)).map((s) => [s.id, s]));
    const loaded = new Map<number, { s: ShipmentRow; pieces: string[]; all: ScanEventRow[] }>();
    for (const id of shipmentIds) {
      const s = shipments.get(id);
      if (!s) continue; // forgotten (retention) meanwhile: its rows went with it
      const [pieces, all] = await Promise.all([store.pieces(id), store.scanEvents(id)]);
      loaded.set(id, { s, pieces, all });
    }
    // Scan dates are local times: the zones of every place these shipments pass.
    const zoneOf = await zonesOf(
      places,
      [...loaded.values()].flatMap((l) => placesOf(l.s, l.all)),
    );
    // In release order: due time, then row id (each row's pieces in sequence).
    const events: SimWebhookEvent[] = [];
    for (const row of rows) {
      const l = loaded.get(Number(row.shipment_id));
      if (l) events.push(...payloads(environment, l.s, l.pieces, l.all, row, zoneOf));
    }
    await sender.enqueue(events);
    await store.markReleased(rows.map((r) => Number(r.id)));
    released += rows.length;
    for (const trackingNumber of new Set([...loaded.values()].map((l) => l.s.master_tracking_number))) {
      await publish(SIMULATOR_TOPICS.shipments, { environment, trackingNumber }).catch(() => undefined);
    }
    if (rows.length < limit) return released;
  }
}

function payloads(
  environment: SimEnvironmentName,
  s: ShipmentRow,
  pieces: string[],
  all: ScanEventRow[],
  row: ScanEventRow,
  zoneOf: ZoneOf,
): SimWebhookEvent[] {
  const view: TrackView = { zoneOf, pieces };
  // The shipment's history as of this event, newest first.
  const index = all.findIndex((r) => Number(r.id) === Number(row.id));
  const upTo = (index < 0 ? [row] : all.slice(0, index + 1)).reverse();
  return pieces.map((trackingNumber) => {
    const eventId = `${row.id}:${trackingNumber}`;
    return {
      environment,
      eventId,
      trackingNumber,
      eventType: row.event_type,
      occurredAt: Number(row.due_at),
      body: webhookBody(environment, eventId, s, trackingNumber, upTo, view),
    };
  });
}
