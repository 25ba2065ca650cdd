import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample, endpointById } from '@lab/core/carrier';
import { servicesOf } from '../../app.js';
import { buildTestApp, labModulesWithServices, type TestApp } from '../../test/helpers.js';
import { TWIN, twinCall, twinToday, twinToken } from '../../test/simulators.js';
import { manualClock, recordingSender } from './testClock.js';
import { shipRequest } from './testShipments.js';

type Json = Record<string, any>;

/** Wednesday 18 November 2026, 09:00 UTC: the twin's clock in these tests. */
const START = Date.UTC(2026, 10, 18, 9, 0, 0);
const TODAY = '2026-11-18';

const LINDON = {
  streetLines: ['1 Main St'],
  city: 'Lindon',
  stateOrProvinceCode: 'UT',
  postalCode: '84042',
  countryCode: 'US',
};
const NEW_YORK = {
  streetLines: ['350 5th Ave'],
  city: 'New York',
  stateOrProvinceCode: 'NY',
  postalCode: '10118',
  countryCode: 'US',
};

/** The sandbox's Ground End of Day Close. */
const END_OF_DAY = endpointById('end-of-day-close')!;

describe('carrier twin: the sandbox conventions, the tariff and ship dates (sqlite)', () => {
  let t: TestApp;
  let token: string;
  let productionToken: string;

  const call = async (id: string, body: unknown, host = TWIN, bearer = token) => {
    const e = endpointById(id)!;
    const res = await twinCall(t.app, bearer, e.path, body, { method: e.method, host });
    expect(res.headers['x-sim-repaired'], `${id}: ${res.body}`).toBeUndefined();
    return res;
  };

  const rate = (rs: Json) => {
    const body = defaultSample('rate-quotes') as Json;
    body.requestedShipment = { ...body.requestedShipment, shipDateStamp: TODAY, ...rs };
    return call('rate-quotes', body);
  };

  /** Lindon UT → New York 10118, `lb` pounds. */
  const utahToNewYork = (lb: number, rs: Json = {}) => ({
    shipper: { address: LINDON },
    recipient: { address: NEW_YORK },
    requestedPackageLineItems: [{ weight: { units: 'LB', value: lb } }],
    ...rs,
  });

  beforeAll(async () => {
    const clock = manualClock(START);
    const sender = recordingSender();
    t = await buildTestApp(
      'sqlite',
      { openApiRecheckMs: 0, simSeed: 39 },
      {
        imported: true,
        modules: labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => sender }),
      },
    );
    token = await twinToken(t.app);
    productionToken = await twinToken(t.app, { host: `${TWIN}/production` });
  });

  afterAll(() => t.close());

  describe('the tariff', () => {
    it('rates Ground 5 lb Lindon UT → New York in zone 08, at most five business days, in pounds', async () => {
      const res = await rate(utahToNewYork(5, { serviceType: 'FEDEX_GROUND' }));
      expect(res.statusCode, res.body).toBe(200);
      const [ground] = res.json().output.rateReplyDetails;
      const rated = ground.ratedShipmentDetails[0];
      expect(rated.shipmentRateDetail.rateZone).toBe('08');
      expect(rated.shipmentRateDetail.totalBillingWeight).toEqual({ units: 'LB', value: 5 });
      expect(rated.ratedPackages[0].packageRateDetail.billingWeight).toEqual({ units: 'LB', value: 5 });
      // Zone 8 by Ground: 5 business days after Wednesday 18 November, Thanksgiving (26th) skipped.
      expect(ground.operationalDetail).toMatchObject({ transitTime: 'FIVE_DAYS', deliveryDay: 'WED' });
      expect(ground.operationalDetail.deliveryDate).toBe('2026-11-25T23:59:00');
    });

    it('answers KG for a request in KG', async () => {
      const res = await rate({
        ...utahToNewYork(5),
        serviceType: 'FEDEX_GROUND',
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 2.2 } }],
      });
      expect(
        res.json().output.rateReplyDetails[0].ratedShipmentDetails[0].shipmentRateDetail.totalBillingWeight,
      ).toEqual({ units: 'KG', value: 2.5 });
    });

    it('offers each service once, and freight only above its minimum weight', async () => {
      const toParis = (lb: number) =>
        rate({
          recipient: { address: { city: 'Paris', postalCode: '75001', countryCode: 'FR' } },
          requestedPackageLineItems: [{ weight: { units: 'LB', value: lb } }],
          customsClearanceDetail: {
            commodities: [{ description: 'Books', quantity: 1, customsValue: { amount: 20, currency: 'USD' } }],
          },
        });
      const light = (await toParis(4.4)).json().output.rateReplyDetails.map((d: Json) => d.serviceType);
      expect(new Set(light).size).toBe(light.length);
      expect(light).toContain('FEDEX_INTERNATIONAL_PRIORITY');
      expect(light).not.toContain('INTERNATIONAL_PRIORITY');
      expect(light.filter((s: string) => s.endsWith('_FREIGHT'))).toEqual([]);
      const heavy = (await toParis(200)).json().output.rateReplyDetails.map((d: Json) => d.serviceType);
      expect(heavy).toContain('INTERNATIONAL_PRIORITY_FREIGHT');
      const asked = await rate({
        recipient: { address: { city: 'Paris', postalCode: '75001', countryCode: 'FR' } },
        serviceType: 'INTERNATIONAL_ECONOMY_FREIGHT',
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 2 } }],
      });
      expect(asked.statusCode).toBe(400);
      expect(asked.json().errors[0]).toEqual({
        code: 'SERVICE.WEIGHT.BELOWMINIMUM',
        message:
          'FedEx International Economy® Freight carries shipments of at least 68 kg (150 lb); this one weighs 2 kg. Please choose a parcel service and try again.',
      });
    });
  });

  describe('Ground Economy (SMART_POST)', () => {
    it('is rated on a US lane, and only there', async () => {
      const res = await rate(utahToNewYork(3, { serviceType: 'SMART_POST' }));
      expect(res.statusCode, res.body).toBe(200);
      const [economy] = res.json().output.rateReplyDetails;
      expect(economy).toMatchObject({ serviceType: 'SMART_POST', serviceName: 'FedEx Ground® Economy' });
      const all = (await rate(utahToNewYork(3))).json().output.rateReplyDetails.map((d: Json) => d.serviceType);
      expect(all).toContain('SMART_POST');
      const canada = await rate({
        shipper: { address: { city: 'Toronto', postalCode: 'M5V 2T6', countryCode: 'CA' } },
        recipient: { address: { city: 'Ottawa', postalCode: 'K1A 0A6', countryCode: 'CA' } },
        serviceType: 'SMART_POST',
      });
      expect(canada.json().errors[0].code).toBe('SERVICE.LANE.NOTAVAILABLE');
    });

    it('ships with smartPostInfoDetail as carrier FXSP, and refuses without it', async () => {
      const ship = (detail: Json | undefined) =>
        call(
          'ship-create',
          shipRequest((_b, rs) => {
            rs.shipDatestamp = TODAY;
            rs.serviceType = 'SMART_POST';
            rs.requestedPackageLineItems = [{ weight: { units: 'LB', value: 3 } }];
            if (detail) rs.smartPostInfoDetail = detail;
          }),
        );
      const ok = await ship({ hubId: '5531', indicia: 'PARCEL_SELECT' });
      expect(ok.statusCode, ok.body).toBe(200);
      const shipment = ok.json().output.transactionShipments[0];
      expect(shipment.serviceType).toBe('SMART_POST');
      expect(shipment.completedShipmentDetail.carrierCode).toBe('FXSP');
      const missing = await ship(undefined);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.map((e: Json) => e.code)).toEqual(['SMARTPOSTINFODETAIL.REQUIRED']);
      const wrongIndicia = await ship({ hubId: '5531', indicia: 'PRESORTED_STANDARD' });
      expect(wrongIndicia.json().errors[0]).toEqual({
        code: 'SMARTPOST.INDICIA.INVALID',
        message:
          'Indicia PRESORTED_STANDARD is for packages of less than 1 lb; this one weighs 3 lb. Please choose another indicia.',
      });
    });
  });

  describe('Ground End of Day Close', () => {
    it("closes the day's Ground shipments once, with a manifest; the playground keeps it disabled", async () => {
      expect(END_OF_DAY.disabled).toBe(true);
      // Tomorrow's shipments: today's belong to the other tests.
      const day = '2026-11-19';
      const ship = async (serviceType: string) => {
        const res = await call(
          'ship-create',
          shipRequest((_b, rs) => {
            rs.shipDatestamp = day;
            rs.serviceType = serviceType;
          }),
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json().output.transactionShipments[0].masterTrackingNumber as string;
      };
      const grounds = [await ship('FEDEX_GROUND'), await ship('GROUND_HOME_DELIVERY')];
      const express = await ship('PRIORITY_OVERNIGHT');
      const close = { closeReqType: 'GCDR', groundServiceCategory: 'GROUND', accountNumber: { value: '740561075' } };
      const res = await call('end-of-day-close', { ...close, closeDate: day });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-sim-validation']).toBe('on');
      const [doc] = res.json().output.closeDocuments;
      expect(doc).toMatchObject({ type: 'MANIFEST', shippingDocumentDisposition: 'CONFIRMED', copiesToPrint: 1 });
      const text = Buffer.from(doc.parts[0].image, 'base64').toString();
      for (const m of grounds) expect(text).toContain(m);
      expect(text).not.toContain(express);
      expect(text).toContain('TOTAL SHIPMENTS 2');
      // Closed once: the second close finds nothing.
      const again = await call('end-of-day-close', { ...close, closeDate: day });
      expect(again.json().output).toEqual({
        alerts: [
          {
            code: 'NO.SHIPMENTS.TO.CLOSE',
            alertType: 'NOTE',
            message: `There are no open Ground shipments with ship date ${day} to close.`,
          },
        ],
      });
      const bad = await call('end-of-day-close', { ...close, closeDate: '2026-13-45' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ code: 'AVAILABILITY.SHIP.DATE.INVALID', message: 'Ship date is invalid.' }]);
    });
  });

  describe('ship dates', () => {
    /** The carrier's refusal of a ship date on the twin's clock of 18 November (its window to the 28th). */
    const refused = (date: string, reason: string) => ({
      code: 'AVAILABILITY.SHIP.DATE.INVALID',
      message: 'Ship date is invalid.',
      parameterList: [
        { key: 'shipDatestamp', value: date },
        { key: 'reason', value: reason },
        { key: 'accepted', value: '2026-11-18 to 2026-11-28' },
      ],
    });

    it("refuses the playground's old pinned date 2024-05-20 with the carrier's code, in either environment", async () => {
      const pinned = shipRequest((_b, rs) => {
        rs.shipDatestamp = '2024-05-20';
      });
      for (const [host, bearer] of [
        [TWIN, token],
        [`${TWIN}/production`, productionToken],
      ] as const) {
        const res = await call('ship-create', pinned, host, bearer);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([refused('2024-05-20', 'in the past')]);
      }
    });

    it("accepts the sample dated for the twin's today: ship that day, delivery after it, scans on the same clock", async () => {
      const today = await twinToday(t.app);
      expect(today).toBe(TODAY);
      const body = shipRequest(undefined, today);
      expect(body.requestedShipment.shipDatestamp).toBe(TODAY);
      const res = await call('ship-create', body);
      expect(res.statusCode, res.body).toBe(200);
      const shipment = res.json().output.transactionShipments[0];
      expect(shipment.shipDatestamp).toBe(TODAY);
      // Priority Overnight: the next business day.
      expect(shipment.pieceResponses[0].deliveryDatestamp).toBe('2026-11-19');
      const plan = await servicesOf(t.app).twinStore.shipmentOf(shipment.masterTrackingNumber);
      expect(JSON.parse(plan!.lifecycle)).toMatchObject({ shipDate: TODAY, deliveryDate: '2026-11-19' });
      const track = await call('track-tracking-numbers', {
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: shipment.masterTrackingNumber } }],
      });
      const scans = track.json().output.completeTrackResults[0].trackResults[0].scanEvents as Json[];
      expect(scans.map((e) => e.eventType)).toEqual(['OC']);
      // 09:00 UTC is 03:00 in Memphis: the label was created on the ship date, local time.
      expect(scans[0]!.date).toMatch(/^2026-11-18T03:00:00-06:00$/);
    });

    it('refuses a past date and a date past the 10-day window, in either environment', async () => {
      const ship = (date: string, host = TWIN, bearer = token) =>
        call(
          'ship-create',
          shipRequest((_b, rs) => {
            rs.shipDatestamp = date;
          }),
          host,
          bearer,
        );
      const past = await ship('2026-11-17');
      expect(past.statusCode).toBe(400);
      expect(past.json().errors[0]).toEqual(refused('2026-11-17', 'in the past'));
      expect((await ship('2026-11-29')).json().errors[0]).toEqual(refused('2026-11-29', 'too far ahead'));
      expect((await ship('2026-11-28')).statusCode).toBe(200);
      // Production judges by its own clock the same way.
      const production = await ship('2026-11-17', `${TWIN}/production`, productionToken);
      expect(production.json().errors[0]).toEqual(refused('2026-11-17', 'in the past'));
      expect((await ship(TODAY, `${TWIN}/production`, productionToken)).statusCode).toBe(200);
    });
  });

  describe('pickup dates', () => {
    const accepted = { key: 'accepted', value: '2026-11-18 to 2026-11-28' };

    it('refuses a pickup, an availability or a tag dated in the past or past the 10-day window', async () => {
      const pickup = (date: string) => {
        const body = defaultSample('pickup-create') as Json;
        body.originDetail = { ...body.originDetail, readyDateTimestamp: `${date}T11:00:00Z` };
        return call('pickup-create', body);
      };
      const past = await pickup('2026-11-17');
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toEqual([
        {
          code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
          message: 'Cannot schedule a pickup requested for a previous day.',
          parameterList: [{ key: 'readyDateTimestamp', value: '2026-11-17' }, accepted],
        },
      ]);
      const ahead = await pickup('2026-11-30');
      expect(ahead.json().errors[0]).toMatchObject({
        code: 'PICKUP.REQUESTED.FUTURE.DAY',
        message: 'Cannot schedule a pickup more than 10 days ahead.',
      });
      const booked = await pickup('2026-11-20');
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json().output.message).toBe('Courier will arrive on 2026-11-20');
      // The playground's old pinned date is refused; the sample dated for the twin's today books today.
      expect((await pickup('2024-05-20')).json().errors[0]).toMatchObject({
        code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
        parameterList: [{ key: 'readyDateTimestamp', value: '2024-05-20' }, accepted],
      });
      const sample = await call('pickup-create', defaultSample('pickup-create', await twinToday(t.app)));
      expect(sample.statusCode, sample.body).toBe(200);
      expect(sample.json().output.message).toBe('Courier will arrive today');

      const availability = await call('pickup-availability', {
        ...(defaultSample('pickup-availability') as Json),
        dispatchDate: '2026-11-10',
      });
      expect(availability.json().errors).toEqual([
        {
          code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
          message: 'Cannot schedule a pickup requested for a previous day.',
          parameterList: [{ key: 'dispatchDate', value: '2026-11-10' }, accepted],
        },
      ]);
      const tag = (date: string) => {
        const body = defaultSample('tag-create') as Json;
        body.requestedShipment.pickupDetail = {
          readyPickupDateTime: `${date}T09:00:00Z`,
          latestPickupDateTime: `${date}T17:00:00Z`,
        };
        return call('tag-create', body);
      };
      expect((await tag('2026-12-01')).json().errors[0].code).toBe('PICKUP.REQUESTED.FUTURE.DAY');
      const tagged = await tag('2026-11-19');
      expect(tagged.statusCode, tagged.body).toBe(200);
      expect(tagged.json().output.completedTagDetail.dispatchDate).toBe('2026-11-19');
    });
  });

  /**
   * The only example requests the twin refuses: those naming state that cannot exist in a fresh twin
   * (a tracking number, confirmation number, job id or package never created), or that an earlier
   * example of the same run already made. Each with its code and why.
   */
  const REFUSED_EXAMPLES: Record<string, [code: string, reason: string]> = {
    'track-documents Minimum_Payload_Track_Document': [
      'TRACKING.TRACKINGNUMBER.NOTFOUND',
      'tracking number never shipped',
    ],
    'track-documents Minimum_Sample_Payload_BOL': ['TRACKING.TRACKINGNUMBER.NOTFOUND', 'tracking number never shipped'],
    'track-documents Minimum_Sample_Payload_FBD': ['TRACKING.TRACKINGNUMBER.NOTFOUND', 'tracking number never shipped'],
    'track-notifications Send_Shipment_Notifications': [
      'TRACKING.TRACKINGNUMBER.NOTFOUND',
      'tracking number never shipped',
    ],
    'pickup-cancel Cancel_Pickup_Ground': ['PICKUP.CONFIRMATIONNUMBER.INVALID', 'pickup never booked'],
    'ship-cancel Cancel_Shipment': ['TRACKINGNUMBER.ENTERED.INVALID', 'tracking number never shipped'],
    'ship-results MinimumSamplePayload-getConfirmedShipmentAsyncResults': [
      'SHIPMENT.JOBID.INVALID',
      'job never started',
    ],
    'tag-cancel Cancel_Tag': ['TRACKINGNUMBER.ENTERED.INVALID', 'tag never created'],
    'open-ship-create MinimumSamplePayload-CreateOpenshipmentAsynchronous': [
      'OPENSHIPMENT.INDEX.EXISTS',
      'the create example before it already opened index Test1234',
    ],
    ...Object.fromEntries(
      [
        'open-ship-packages-add MinimumSamplePayload-addPackagesInOpenShipment',
        'open-ship-packages-modify MinimumSamplePayload-modifyPackageInOpenShipment',
        'open-ship-packages-delete MinimumSamplePayload-deletePackagesOpenShipment',
        'open-ship-delete MinimumSamplePayload-deleteOpenShipment',
      ].map((name) => [
        name,
        ['OPENSHIPMENT.CONFIRMED', 'index Test1234 was confirmed by the confirm example before it'] as [string, string],
      ]),
    ),
    'open-ship-results MinimumSamplePayload-getConfirmOpenShipmentResults': [
      'SHIPMENT.JOBID.INVALID',
      'job never started',
    ],
    'open-ship-results MinimumSamplePayload-getCreateOpenShipmentResults': [
      'SHIPMENT.JOBID.INVALID',
      'job never started',
    ],
    'open-ship-results MinimumSamplePayload-getModifyOpenShipmentResults': [
      'SHIPMENT.JOBID.INVALID',
      'job never started',
    ],
  };

  it("accepts every named example request of every enabled operation's document, but those naming state that cannot exist", async () => {
    const { openApi } = servicesOf(t.app);
    let tried = 0;
    const refused: Record<string, string> = {};
    const outcomes: string[] = [];
    for (const e of [...(await import('@lab/core/carrier')).CARRIER_ENDPOINTS]) {
      if (e.disabled && e.id !== 'end-of-day-close') continue;
      if (!e.operation || e.host !== 'api') continue;
      const found = await openApi.store.getOperation(e.operation.document, e.method, e.operation.path);
      for (const sample of found?.operation.samples ?? []) {
        const path = e.path.replace(/\{[^}]+\}/g, '794843185271');
        const res = await twinCall(t.app, token, path, sample.request, { method: e.method });
        tried++;
        const name = `${e.id} ${sample.name}`;
        outcomes.push(`${name}: ${res.statusCode} ${res.statusCode >= 400 ? res.body : ''}`);
        if (res.statusCode >= 400) {
          refused[name] = ((res.json().errors ?? []) as Json[]).map((x) => x.code as string).join(',');
        }
      }
    }
    const expected = Object.fromEntries(Object.entries(REFUSED_EXAMPLES).map(([name, [code]]) => [name, code]));
    expect(refused, outcomes.filter((o) => !/: 2\d\d $/.test(o)).join('\n')).toEqual(expected);
    expect(tried, outcomes.join('\n')).toBeGreaterThan(40);
    // Budget: each of the ~30 example ship requests creates a shipment and renders its labels.
  }, 180_000);
});
