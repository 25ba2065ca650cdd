import type { SimShipment } from '@lab/core/contract';
import { SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import { HttpError, notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { isFinal, planScans, replan, scenarioApplies, type ScanPlace } from './lifecycle.js';
import type { ScanEventRow, ShipmentRow } from './repo.js';
import type { SimParty } from './state.js';
import { isScenario, plannedOf, planInputOf, scanRow } from './tracking.js';

const iso = (ms: number) => new Date(ms).toISOString();

const placeOf = (json: string): SimShipment['origin'] => {
  const p = JSON.parse(json) as SimParty;
  return { city: p.city, stateOrProvinceCode: p.stateOrProvinceCode, countryCode: p.countryCode };
};

const short = (p: ScanPlace): SimShipment['origin'] => ({
  city: p.city,
  stateOrProvinceCode: p.stateOrProvinceCode,
  countryCode: p.countryCode,
});

/**
 * The twin's shipments on the Simulator screen (GET /lab/api/simulator/shipments) and their
 * scenario (PUT /lab/api/simulator/shipments/:trackingNumber/scenario), at each environment's
 * simulated now.
 */
export const carrierSimApiRoutes: ModulePlugin<'simClock' | 'twinStore'> = async (app) => {
  const { simClock, twinStore: store } = app.services;

  async function view(s: ShipmentRow, now: number): Promise<SimShipment> {
    return views([s], now).then((v) => v[0]!);
  }

  async function views(list: ShipmentRow[], now: number): Promise<SimShipment[]> {
    const details = await store.details(list.map((s) => s.id));
    return list.map((s) => viewOf(s, details.get(s.id)!.pieces, details.get(s.id)!.events, now));
  }

  function viewOf(s: ShipmentRow, pieces: string[], rows: ScanEventRow[], now: number): SimShipment {
    const events = rows.map((r) => ({ scan: plannedOf(r), due: Number(r.due_at) <= now }));
    const latest = events.filter((e) => e.due).at(-1)?.scan ?? events[0]?.scan;
    const input = planInputOf(s);
    return {
      environment: s.environment as SimEnvironmentName,
      trackingNumber: s.master_tracking_number,
      pieces,
      serviceType: s.service_type,
      createdAt: iso(Number(s.created_at)),
      // The day the journey starts (a requested ship date before the clock's today starts today).
      shipDate: input?.shipDate ?? s.ship_date,
      origin: placeOf(s.shipper),
      destination: placeOf(s.recipient),
      international: input?.international ?? false,
      scenario: isScenario(s.scenario) ? s.scenario : 'NORMAL',
      cancelled: s.cancelled_at !== null,
      status: { code: latest?.derivedStatusCode ?? '', description: latest?.derivedStatus ?? '' },
      endsAt: iso(events.at(-1)?.scan.at ?? Number(s.created_at)),
      events: events.map(({ scan, due }) => ({
        at: iso(scan.at),
        eventType: scan.eventType,
        eventDescription: scan.eventDescription,
        derivedStatusCode: scan.derivedStatusCode,
        derivedStatus: scan.derivedStatus,
        location: short(scan.location),
        due,
      })),
    };
  }

  registerRoute(
    app,
    'simulator.shipments',
    {
      schema: {
        summary: "The carrier twin's shipments of an environment, newest first, with their events",
        tags: ['simulator'],
      },
    },
    async (request) => {
      const { environment, limit } = request.query;
      const now = await simClock.now(environment);
      return { shipments: await views(await store.listShipments(environment, limit), now) };
    },
  );

  registerRoute(
    app,
    'simulator.setScenario',
    {
      schema: {
        summary: "Changes a shipment's scenario: its events not yet due are planned again",
        tags: ['simulator'],
      },
    },
    async (request) => {
      const { trackingNumber } = request.params;
      const { scenario } = request.body;
      const s = await store.shipmentOf(trackingNumber);
      if (!s) throw notFound(`No shipment of the carrier twin has the tracking number ${trackingNumber}.`);
      const environment = s.environment as SimEnvironmentName;
      const now = await simClock.now(environment);
      if (s.cancelled_at !== null) {
        throw new HttpError(409, `The shipment ${s.master_tracking_number} is cancelled: its scenario cannot change.`);
      }
      const input = planInputOf(s);
      const rows = await store.scanEvents(s.id);
      const due = rows.filter((r) => Number(r.due_at) <= now);
      const last = rows.at(-1);
      if (!input || (last && Number(last.due_at) <= now && isFinal(plannedOf(last)))) {
        throw new HttpError(
          409,
          `The shipment ${s.master_tracking_number} has finished its journey (${last?.derived_status ?? 'no plan'}): its scenario cannot change.`,
        );
      }
      if (!scenarioApplies(scenario, input)) {
        throw new HttpError(
          409,
          `The shipment ${s.master_tracking_number} is domestic: it clears no customs, so it cannot be held there.`,
        );
      }
      const added = replan(rows.map(plannedOf), planScans(input, scenario), due.length, now);
      if (!(await store.replan(s.id, scenario, now, added.map(scanRow)))) {
        throw new HttpError(409, `The shipment ${s.master_tracking_number} is cancelled: its scenario cannot change.`);
      }
      await app.bus
        .publish(SIMULATOR_TOPICS.shipments, { environment, trackingNumber: s.master_tracking_number })
        .catch((err: unknown) => request.log.warn({ err }, 'simulator shipment change not published'));
      return view((await store.shipmentOf(s.master_tracking_number))!, now);
    },
  );
};
