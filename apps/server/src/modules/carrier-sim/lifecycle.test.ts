import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimShipment } from '@lab/core/contract';
import { SIMULATOR_TOPICS, type SimScenario } from '@lab/core/simulator';
import { servicesOf } from '../../app.js';
import {
  buildTestApp,
  dialectsFor,
  freshDatabaseConfig,
  labModulesWithServices,
  type TestApp,
} from '../../test/helpers.js';
import { TWIN, twinCall, twinToken } from '../../test/simulators.js';
import { manualClock, recordingSender, type SimWebhookEvent } from './testClock.js';
import { cancelRequest, commodity, customs, shipRequest, toShenzhen } from './testShipments.js';

type Json = Record<string, any>;

const HOUR = 3_600_000;
/** Monday 23 November 2026, 09:00 UTC: where both environments' clocks stand at the start. */
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC offsets of the lane's cities in late November 2026 (no daylight saving then in either). */
const OFFSET_HOURS: Record<string, number> = { MEMPHIS: -6, SHENZHEN: 8 };
/** An instant as the carrier writes it for a scan in `city`: local time with the offset. */
const local = (ms: number, city: string) => {
  const h = OFFSET_HOURS[city]!;
  const sign = h < 0 ? '-' : '+';
  return `${iso(ms + h * HOUR).slice(0, 19)}${sign}${String(Math.abs(h)).padStart(2, '0')}:00`;
};

/** The sample shipment sent from Memphis to Shenzhen with two packages (ZPL labels: fast), on `shipDate`. */
function international(shipDate: string, reference?: string): Json {
  return shipRequest((_body, rs) => {
    rs.shipDatestamp = shipDate;
    toShenzhen(rs);
    rs.customsClearanceDetail = customs([commodity('Cotton shirts', 30, 3)], {
      commercialInvoice: { shipmentPurpose: 'GIFT' },
    });
    rs.requestedPackageLineItems = [
      {
        weight: { units: 'LB', value: 4 },
        ...(reference
          ? { customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: reference }] }
          : {}),
      },
      { weight: { units: 'LB', value: 3 } },
    ];
  });
}

/** The sample's domestic shipment (Memphis → Beverly Hills), one package. */
function domestic(shipDate: string, reference?: string): Json {
  return shipRequest((_body, rs) => {
    rs.shipDatestamp = shipDate;
    if (reference)
      rs.requestedPackageLineItems[0].customerReferences = [{ customerReferenceType: 'P_O_NUMBER', value: reference }];
  });
}

/** What an event of a plan is, without its time: type, description, derived status, city and country. */
const shape = (e: SimShipment['events'][number]) =>
  `${e.eventType} ${e.eventDescription} / ${e.derivedStatusCode} ${e.derivedStatus} @ ${e.location.city} ${e.location.countryCode}`;

const ORIGIN = 'MEMPHIS US';
const HUB = 'MEMPHIS US';
const DESTINATION = 'SHENZHEN CN';
const JOURNEY = [
  `OC Shipment information sent to FedEx / OC Label created @ ${ORIGIN}`,
  `PU Picked up / PU Picked up @ ${ORIGIN}`,
  `DP Left FedEx origin facility / IT In transit @ ${ORIGIN}`,
  `CC International shipment release - Export / IT In transit @ ${ORIGIN}`,
  `AR Arrived at FedEx hub / IT In transit @ ${HUB}`,
  `DP Departed FedEx hub / IT In transit @ ${HUB}`,
];
const ARRIVAL = [
  `CC International shipment release - Import / IT In transit @ ${DESTINATION}`,
  `AR At local FedEx facility / IT In transit @ ${DESTINATION}`,
  `OD On FedEx vehicle for delivery / OD Out for delivery @ ${DESTINATION}`,
];
const DELIVERED = `DL Delivered / DL Delivered @ ${DESTINATION}`;
const NOT_AVAILABLE = `DE Delivery exception / DE Delivery exception @ ${DESTINATION}`;

describe('carrier twin lifecycles on the simulated clock (sqlite)', () => {
  let t: TestApp;
  const clock = manualClock(START);
  const sender = recordingSender();
  let token: string;
  let validateTrack: (body: unknown) => boolean;
  let trackErrors: () => unknown;
  let validateEnvelope: (body: unknown) => boolean;
  let validateOutput: (body: unknown) => boolean;

  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { openApiRecheckMs: 0, simSeed: 32 },
      {
        imported: true,
        modules: labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => sender }),
      },
    );
    token = await twinToken(t.app);
    // The twin's own response validator (the openApi service), as twin-labels.test.ts uses it.
    const openApi = servicesOf(t.app).openApi;
    const found = await openApi.store.getOperation(
      'track--TrackingNumbers-Resource',
      'POST',
      '/track/v1/trackingnumbers',
    );
    const validate = openApi.checkerFor(found!.document, found!.operation).response(200)!;
    validateTrack = (body) => validate(body) as boolean;
    trackErrors = () => validate.errors;
    // The webhook inspector's schema map: the envelope and the tracking document's response.
    const schemas = (await t.app.inject('/lab/api/webhooks/schemas')).json() as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    validateEnvelope = ajv.compile(schemas.ShipmentVisibilityWebhook);
    validateOutput = ajv.compile(schemas.TrackingNumbersResponse);
  }, 120_000);
  afterAll(() => t?.close());

  const now = () => clock.now('sandbox');
  const today = async () => iso(await now()).slice(0, 10);
  const released = () => sender.calls.flat();

  async function advanceTo(at: number) {
    const ms = at - (await now());
    if (ms > 0) await clock.advance('sandbox', ms);
    await clock.settled();
  }

  async function ship(body: Json): Promise<Json> {
    const res = await twinCall(t.app, token, '/ship/v1/shipments', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().output.transactionShipments[0];
  }

  async function track(...numbers: string[]): Promise<Json[]> {
    const res = await twinCall(t.app, token, '/track/v1/trackingnumbers', {
      includeDetailedScans: true,
      trackingInfo: numbers.map((n) => ({ trackingNumberInfo: { trackingNumber: n } })),
    });
    expect(res.statusCode).toBe(200);
    expect(validateTrack(res.json()), JSON.stringify(trackErrors())).toBe(true);
    expect(res.headers['x-sim-repaired']).toBeUndefined();
    return res.json().output.completeTrackResults.map((r: Json) => r.trackResults[0]);
  }

  async function shipment(trackingNumber: string): Promise<SimShipment> {
    const res = await t.app.inject('/lab/api/simulator/shipments?limit=200');
    expect(res.statusCode).toBe(200);
    const found = (res.json().shipments as SimShipment[]).find((s) => s.trackingNumber === trackingNumber);
    expect(found).toBeDefined();
    return found!;
  }

  const cancel = (trackingNumber: string) =>
    twinCall(t.app, token, '/ship/v1/shipments/cancel', cancelRequest(trackingNumber), { method: 'PUT' });

  const setScenario = (trackingNumber: string, scenario: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/lab/api/simulator/shipments/${trackingNumber}/scenario`,
      payload: { scenario },
    });

  it('walks a 2-package international shipment through its whole lifecycle, one clock advance at a time', async () => {
    const created = await ship(international(await today()));
    const numbers: string[] = created.pieceResponses.map((p: Json) => p.trackingNumber);
    expect(numbers).toHaveLength(2);
    const deliveryDate: string = created.pieceResponses[0].deliveryDatestamp;
    const plan = await shipment(numbers[0]!);
    expect(plan).toMatchObject({
      environment: 'sandbox',
      trackingNumber: numbers[0],
      pieces: numbers,
      serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
      createdAt: iso(START),
      shipDate: '2026-11-23',
      origin: { city: 'Memphis', stateOrProvinceCode: 'TN', countryCode: 'US' },
      destination: { city: 'Shenzhen', stateOrProvinceCode: 'GD', countryCode: 'CN' },
      international: true,
      scenario: 'NORMAL',
      cancelled: false,
      status: { code: 'OC', description: 'Label created' },
    });
    expect(plan.events.map(shape)).toEqual([...JOURNEY, ...ARRIVAL, DELIVERED]);
    // Scans in local time: picked up at 17:00 in Memphis (UTC−6), gone by 20:00; delivered on the
    // promised date in Shenzhen (UTC+8), an hour before the service's commit time (17:00 there).
    const at = plan.events.map((e) => Date.parse(e.at));
    expect(plan.events.map((e) => e.at)).toEqual(
      expect.arrayContaining([
        iso(START),
        '2026-11-23T23:00:00.000Z',
        '2026-11-24T02:00:00.000Z',
        `${deliveryDate}T04:00:00.000Z`,
        `${deliveryDate}T06:00:00.000Z`,
        `${deliveryDate}T08:00:00.000Z`,
      ]),
    );
    expect(plan.events.at(-1)!.at).toBe(`${deliveryDate}T08:00:00.000Z`);
    expect(plan.endsAt).toBe(`${deliveryDate}T08:00:00.000Z`);
    for (let i = 1; i < at.length; i++) expect(at[i]! > at[i - 1]!).toBe(true);
    expect(plan.events.map((e) => e.due)).toEqual(plan.events.map((_, i) => i === 0));

    let seen = released().length;
    for (let i = 0; i < plan.events.length; i++) {
      if (i > 0) {
        // A millisecond before the event is due, tracking does not show it yet.
        await advanceTo(at[i]! - 1);
        for (const r of await track(...numbers)) expect(r.scanEvents).toHaveLength(i);
        await advanceTo(at[i]!);
      } else {
        await clock.tick('sandbox');
      }
      const results = await track(...numbers);
      for (const [p, r] of results.entries()) {
        expect(r.trackingNumberInfo.trackingNumber).toBe(numbers[p]);
        expect(r.scanEvents.map((e: Json) => `${e.eventType} ${e.eventDescription}`)).toEqual(
          plan.events
            .slice(0, i + 1)
            .map((e) => `${e.eventType} ${e.eventDescription}`)
            .reverse(),
        );
        expect(r.scanEvents[0].date).toBe(local(at[i]!, plan.events[i]!.location.city));
        expect(r.latestStatusDetail).toMatchObject({
          code: plan.events[i]!.derivedStatusCode,
          derivedCode: plan.events[i]!.derivedStatusCode,
          statusByLocale: plan.events[i]!.derivedStatus,
        });
      }
      // Released to the webhooks at that moment: the event once for each piece, in piece order.
      const fresh = released().slice(seen);
      seen = released().length;
      expect(fresh.map((e) => [e.trackingNumber, e.eventType, e.occurredAt, e.environment])).toEqual(
        numbers.map((n) => [n, plan.events[i]!.eventType, at[i], 'sandbox']),
      );
      for (const event of fresh) {
        const body = JSON.parse(event.body) as Json;
        expect(validateEnvelope(body), JSON.stringify(body)).toBe(true);
        expect(validateOutput(body.output), JSON.stringify(body.output)).toBe(true);
        expect(body.outputMetaData[0]).toEqual({
          transactionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
          timestamp: iso(at[i]!).replace('.000Z', 'Z'),
          eventType: plan.events[i]!.eventType,
        });
        const result = body.output.completeTrackResults[0];
        expect(result.trackingNumber).toBe(event.trackingNumber);
        expect(result.trackResults[0].scanEvents).toHaveLength(i + 1);
        expect(result.trackResults[0].latestStatusDetail.code).toBe(plan.events[i]!.derivedStatusCode);
      }
    }
    const done = await shipment(numbers[0]!);
    expect(done.status).toEqual({ code: 'DL', description: 'Delivered' });
    expect(done.events.every((e) => e.due)).toBe(true);
    const [delivered] = await track(numbers[1]!);
    expect(delivered!.dateAndTimes).toEqual([
      { type: 'SHIP', dateTime: '2026-11-23T00:00:00-06:00' },
      { type: 'ACTUAL_PICKUP', dateTime: '2026-11-23T17:00:00-06:00' },
      { type: 'ACTUAL_DELIVERY', dateTime: local(Date.parse(`${deliveryDate}T08:00:00Z`), 'SHENZHEN') },
    ]);
  }, 60_000);

  const SCENARIOS: [SimScenario, string[], { code: string; derivedCode: string; statusByLocale: string }][] = [
    [
      'CUSTOMS_HOLD',
      [...JOURNEY, `CD Clearance delay - Import / DE Delivery exception @ ${DESTINATION}`],
      { code: 'DE', derivedCode: 'DE', statusByLocale: 'Delivery exception' },
    ],
    [
      'DELIVERY_EXCEPTION',
      [
        ...JOURNEY,
        ...ARRIVAL,
        NOT_AVAILABLE,
        `OD On FedEx vehicle for delivery / OD Out for delivery @ ${DESTINATION}`,
        DELIVERED,
      ],
      { code: 'DL', derivedCode: 'DL', statusByLocale: 'Delivered' },
    ],
    [
      'RETURN_TO_SHIPPER',
      [
        ...JOURNEY,
        ...ARRIVAL,
        NOT_AVAILABLE,
        `RS Returning package to shipper / RS Return to shipper @ ${DESTINATION}`,
        `DL Delivered / DL Delivered to shipper @ ${ORIGIN}`,
      ],
      { code: 'DL', derivedCode: 'DL', statusByLocale: 'Delivered to shipper' },
    ],
    [
      'DAMAGED',
      [...JOURNEY.slice(0, 5), `SE Shipment exception / DE Delivery exception @ ${HUB}`],
      { code: 'DE', derivedCode: 'DE', statusByLocale: 'Delivery exception' },
    ],
  ];

  it.each(SCENARIOS)('SIM:%s in a customer reference picks its ending', async (scenario, events, latest) => {
    const created = await ship(international(await today(), `order 1234 SIM:${scenario}`));
    const master: string = created.masterTrackingNumber;
    const plan = await shipment(master);
    expect(plan.scenario).toBe(scenario);
    expect(plan.events.map(shape)).toEqual(events);
    await advanceTo(Date.parse(plan.endsAt));
    const [result] = await track(master);
    expect(result!.latestStatusDetail).toMatchObject(latest);
    expect(result!.scanEvents.map((e: Json) => e.eventType)).toEqual(plan.events.map((e) => e.eventType).reverse());
    const mine = released().filter((e) => e.trackingNumber === master);
    expect(mine.map((e) => e.eventType)).toEqual(plan.events.map((e) => e.eventType));
  });

  it('names the exception on the scan and in the latest status (the track document fields)', async () => {
    const created = await ship(international(await today(), 'SIM:CUSTOMS_HOLD'));
    await advanceTo(Date.parse((await shipment(created.masterTrackingNumber)).endsAt));
    const [held] = await track(created.masterTrackingNumber);
    expect(held!.scanEvents[0]).toMatchObject({
      eventType: 'CD',
      exceptionCode: 'A25',
      exceptionDescription: 'Package available for clearance',
      locationType: 'PORT_OF_ENTRY',
    });
    expect(held!.latestStatusDetail.ancillaryDetails).toEqual([
      { reason: 'A25', reasonDescription: 'Package available for clearance' },
    ]);
  });

  it('a domestic shipment asked for CUSTOMS_HOLD follows NORMAL (it clears no customs)', async () => {
    const created = await ship(domestic(await today(), 'SIM:customs_hold'));
    const plan = await shipment(created.masterTrackingNumber);
    expect(plan.international).toBe(false);
    expect(plan.scenario).toBe('NORMAL');
    expect(plan.events.map((e) => e.eventType)).toEqual(['OC', 'PU', 'DP', 'AR', 'DP', 'AR', 'OD', 'DL']);
    const changed = await setScenario(created.masterTrackingNumber, 'CUSTOMS_HOLD');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message: `The shipment ${created.masterTrackingNumber} is domestic: it clears no customs, so it cannot be held there.`,
    });
  });

  it("a documented example's ship date before the clock's today starts the journey today, with the service's transit days", async () => {
    // To the next Monday, 09:00.
    const current = await now();
    const monday =
      Date.UTC(2026, 10, 23, 9) +
      Math.ceil((current - Date.UTC(2026, 10, 23, 9)) / (7 * 24 * HOUR) + 1e-9) * 7 * 24 * HOUR;
    await advanceTo(monday);
    const date = iso(monday).slice(0, 10);
    // 2020-07-03: the date of the ship document's own named examples, accepted whatever the clock says
    // (the playground's samples are dated from the clock: no past date of theirs is accepted).
    const created = await ship(domestic('2020-07-03'));
    expect(created.shipDatestamp).toBe('2020-07-03');
    const plan = await shipment(created.masterTrackingNumber);
    expect(plan.shipDate).toBe(date);
    // Picked up at 17:00 in Memphis (UTC−6); Priority Overnight: Tuesday in Beverly Hills (UTC−8),
    // an hour before its 10:30 commit there.
    const delivered = monday + 24 * HOUR + 8 * HOUR + 30 * 60_000;
    expect(plan.events.map((e) => [e.eventType, e.at])).toEqual([
      ['OC', iso(monday)],
      ['PU', `${date}T23:00:00.000Z`],
      ['DP', iso(monday + 17 * HOUR)],
      ['AR', expect.any(String)],
      ['DP', expect.any(String)],
      ['AR', iso(delivered - 4 * HOUR)],
      ['OD', iso(delivered - 2 * HOUR)],
      ['DL', iso(delivered)],
    ]);
  });

  it('setScenario replans the events not yet due; a finished or cancelled shipment refuses (409), an unknown one is 404', async () => {
    const created = await ship(international(await today()));
    const master: string = created.masterTrackingNumber;
    const before = await shipment(master);
    const changed = await setScenario(master, 'DELIVERY_EXCEPTION');
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json() as SimShipment;
    expect(after.scenario).toBe('DELIVERY_EXCEPTION');
    // The shared part keeps its times; the ending is the scenario's.
    expect(after.events.slice(0, 9)).toEqual(before.events.slice(0, 9));
    expect(after.events.slice(9).map(shape)).toEqual([
      NOT_AVAILABLE,
      `OD On FedEx vehicle for delivery / OD Out for delivery @ ${DESTINATION}`,
      DELIVERED,
    ]);
    expect((await shipment(master)).events).toEqual(after.events);

    // Past the import release on its way, a hold starts an hour after now.
    const arrived = Date.parse(after.events[7]!.at);
    await advanceTo(arrived);
    const held = await setScenario(master, 'CUSTOMS_HOLD');
    expect(held.statusCode, held.body).toBe(200);
    const heldPlan = held.json() as SimShipment;
    expect(heldPlan.events.map(shape)).toEqual([
      ...JOURNEY,
      ...ARRIVAL.slice(0, 2),
      `CD Clearance delay - Import / DE Delivery exception @ ${DESTINATION}`,
    ]);
    expect(heldPlan.events.at(-1)!.at).toBe(iso(arrived + HOUR));
    expect(heldPlan.events.map((e) => e.due)).toEqual(heldPlan.events.map((_, i) => i < 8));
    // Released from the hold: the rest of the journey from a minute after now.
    const released_ = await setScenario(master, 'NORMAL');
    expect(released_.statusCode).toBe(200);
    const normal = released_.json() as SimShipment;
    expect(normal.events.slice(8).map(shape)).toEqual([ARRIVAL[2], DELIVERED]);
    expect(Date.parse(normal.events[8]!.at) > arrived).toBe(true);

    await advanceTo(Date.parse(normal.endsAt));
    const finished = await setScenario(master, 'DAMAGED');
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toEqual({
      message: `The shipment ${master} has finished its journey (Delivered): its scenario cannot change.`,
    });

    const other = await ship(international(await today()));
    const cancelled = await cancel(other.masterTrackingNumber);
    expect(cancelled.statusCode).toBe(200);
    const refused = await setScenario(other.masterTrackingNumber, 'DAMAGED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `The shipment ${other.masterTrackingNumber} is cancelled: its scenario cannot change.`,
    });

    const unknown = await setScenario('794953555571', 'DAMAGED');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'No shipment of the carrier twin has the tracking number 794953555571.',
    });
    const bad = await setScenario(master, 'LOST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('scenario');
    const notANumber = await setScenario('12AB', 'NORMAL');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().message).toContain('not a tracking number');
  });

  it('releases each event once: two ticks at the same now queue nothing twice; a cancel drops the events not yet due', async () => {
    await clock.tick('sandbox'); // what earlier tests left due is released first
    const created = await ship(international(await today()));
    const master: string = created.masterTrackingNumber;
    const calls = sender.calls.length;
    await clock.tick('sandbox');
    await clock.tick('sandbox');
    const queued = sender.calls.slice(calls).flat();
    expect(queued.map((e) => [e.trackingNumber, e.eventType])).toEqual(
      created.pieceResponses.map((p: Json) => [p.trackingNumber, 'OC']),
    );
    // Every event id queued so far, across every tick, is queued once.
    const ids = released().map((e: SimWebhookEvent) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);

    const cancelled = await cancel(master);
    expect(cancelled.statusCode).toBe(200);
    await clock.tick('sandbox');
    const plan = await shipment(master);
    expect(plan.cancelled).toBe(true);
    expect(plan.events.map((e) => e.eventType)).toEqual(['OC', 'CA']);
    expect(plan.status).toEqual({ code: 'CA', description: 'Cancelled' });
    await advanceTo((await now()) + 30 * 24 * HOUR);
    const mine = released().filter((e) => e.trackingNumber === master);
    expect(mine.map((e) => e.eventType)).toEqual(['OC', 'CA']);
  });

  it('publishes each change of a shipment on simulator/shipments: created, scenario changed, events released', async () => {
    await clock.tick('sandbox');
    const seen: unknown[] = [];
    const off = t.app.bus.subscribe(SIMULATOR_TOPICS.shipments, (data) => seen.push(data));
    try {
      const created = await ship(international(await today()));
      const change = { environment: 'sandbox', trackingNumber: created.masterTrackingNumber };
      expect(seen).toEqual([change]);
      expect((await setScenario(created.masterTrackingNumber, 'DAMAGED')).statusCode).toBe(200);
      expect(seen).toEqual([change, change]);
      await clock.tick('sandbox');
      expect(seen).toEqual([change, change, change]);
    } finally {
      off();
    }
  });

  it('production shipments follow the production clock only', async () => {
    const production = `${TWIN}/production`;
    const productionToken = await twinToken(t.app, { host: production });
    const created = await twinCall(t.app, productionToken, '/ship/v1/shipments', international('2026-11-23'), {
      host: production,
    });
    expect(created.statusCode, created.body).toBe(200);
    const master: string = created.json().output.transactionShipments[0].masterTrackingNumber;
    const list = (await t.app.inject('/lab/api/simulator/shipments?environment=production')).json().shipments;
    expect(list.map((s: SimShipment) => s.trackingNumber)).toEqual([master]);
    expect(list[0].createdAt).toBe(iso(START));
    // The sandbox has moved on; production still stands at the start.
    await advanceTo((await now()) + 7 * 24 * HOUR);
    const still = (await t.app.inject('/lab/api/simulator/shipments?environment=production')).json().shipments[0];
    expect(still.events.filter((e: Json) => e.due).map((e: Json) => e.eventType)).toEqual(['OC']);
    // The sandbox does not know a production number.
    const [sandbox] = await track(master);
    expect(sandbox!.error.code).toBe('TRACKING.TRACKINGNUMBER.NOTFOUND');
  });
});

// Dialect-sensitive: the release's SQL (due and unreleased rows of an environment, the released mark).
describe.each(dialectsFor('dialect-sensitive'))('releasing due scan events (%s)', (dialect) => {
  it('two instances on one database release every due event; once marked, none is queued again', async () => {
    const { config: database, drop } = await freshDatabaseConfig(dialect);
    const clock = manualClock(START);
    const sender = recordingSender();
    const modules = labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => sender });
    const a = await buildTestApp(dialect, { simSeed: 3, database }, { modules });
    const b = await buildTestApp(dialect, { simSeed: 4, database }, { modules });
    try {
      const token = await twinToken(a.app);
      const masters: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await twinCall(a.app, token, '/ship/v1/shipments', domestic('2026-11-23'));
        expect(res.statusCode, res.body).toBe(200);
        masters.push(res.json().output.transactionShipments[0].masterTrackingNumber);
      }
      // Both instances' listeners run on the shared clock's advance (as every instance's run on an advance).
      await clock.advance('sandbox', 30 * 24 * HOUR);
      await clock.settled();
      const ids = new Set(sender.calls.flat().map((e) => e.eventId));
      const rows = await a.app.db.kysely
        .selectFrom('carrier_sim_scan_events')
        .select(['id', 'released'])
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(3 * 8);
      expect(rows.every((r) => Number(r.released) === 1)).toBe(true);
      const pieceOf = new Map<number, string>();
      const events = await a.app.db.kysely
        .selectFrom('carrier_sim_scan_events as e')
        .innerJoin('carrier_sim_pieces as p', 'p.shipment_id', 'e.shipment_id')
        .select(['e.id', 'p.tracking_number'])
        .execute();
      for (const e of events) pieceOf.set(Number(e.id), e.tracking_number);
      expect([...ids].sort()).toEqual(rows.map((r) => `${r.id}:${pieceOf.get(Number(r.id))}`).sort());
      const queued = sender.calls.flat().length;
      await clock.advance('sandbox', HOUR);
      await clock.settled();
      expect(sender.calls.flat().length).toBe(queued);
      // Each batch is in release order (due time), and each shipment got its whole plan.
      for (const call of sender.calls) {
        const times = call.map((e) => e.occurredAt);
        expect(times).toEqual([...times].sort((x, y) => x - y));
      }
      const unique = new Map(sender.calls.flat().map((e) => [e.eventId, e]));
      for (const master of masters) {
        const mine = [...unique.values()].filter((e) => e.trackingNumber === master);
        expect(mine.sort((x, y) => x.occurredAt - y.occurredAt).map((e) => e.eventType)).toEqual([
          'OC',
          'PU',
          'DP',
          'AR',
          'DP',
          'AR',
          'OD',
          'DL',
        ]);
      }
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  }, 60_000);
});
