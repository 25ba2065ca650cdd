import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimShipment } from '@lab/core/contract';
import { servicesOf } from '../../app.js';
import { buildTestApp, dialectsFor, labModulesWithServices, type TestApp } from '../../test/helpers.js';
import { twinCall, twinToken } from '../../test/simulators.js';
import { manualClock, recordingSender } from './testClock.js';
import { shipRequest } from './testShipments.js';
import { DOCUMENT_MESSAGES } from './behaviours/trackDocuments.js';
import { TRACK_MESSAGES } from './behaviours/track.js';

type Json = Record<string, any>;

/** Monday 23 November 2026, 09:00 UTC: 03:00 in Memphis (UTC−6), 01:00 in Beverly Hills (UTC−8). */
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

const MEMPHIS = {
  streetLines: ['3610 Hacks Cross Rd'],
  city: 'MEMPHIS',
  stateOrProvinceCode: 'TN',
  postalCode: '38125',
  countryCode: 'US',
};
const BEVERLY_HILLS = {
  streetLines: ['9465 Wilshire Blvd'],
  city: 'BEVERLY HILLS',
  stateOrProvinceCode: 'CA',
  postalCode: '90212',
  countryCode: 'US',
};

/** The sample lane by FedEx Ground: two packages in LB, the first with dimensions and two references. */
const groundRequest = () =>
  shipRequest((_body, rs) => {
    rs.serviceType = 'FEDEX_GROUND';
    rs.shipDatestamp = '2026-11-23';
    rs.requestedPackageLineItems = [
      {
        weight: { units: 'LB', value: 5.5 },
        dimensions: { length: 20, width: 14, height: 9, units: 'IN' },
        customerReferences: [
          { customerReferenceType: 'P_O_NUMBER', value: 'PO-7781' },
          { customerReferenceType: 'CUSTOMER_REFERENCE', value: 'ORDER-1001' },
        ],
      },
      { weight: { units: 'LB', value: 3 } },
    ];
  });

/** The sample by Priority Overnight (a commit time), one package in KG and CM. */
const expressRequest = () =>
  shipRequest((_body, rs) => {
    rs.shipDatestamp = '2026-11-23';
    rs.requestedPackageLineItems = [
      {
        weight: { units: 'KG', value: 2.5 },
        dimensions: { length: 30, width: 20, height: 10, units: 'CM' },
        customerReferences: [{ customerReferenceType: 'INVOICE_NUMBER', value: 'INV-55' }],
      },
    ];
  });

describe('track replies clients can use (sqlite)', () => {
  let t: TestApp;
  const clock = manualClock(START);
  let token: string;
  const validators = new Map<string, (body: unknown) => boolean>();
  const errors = new Map<string, () => unknown>();

  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { openApiRecheckMs: 0, simSeed: 39 },
      {
        imported: true,
        modules: labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => recordingSender() }),
      },
    );
    token = await twinToken(t.app);
    const openApi = servicesOf(t.app).openApi;
    for (const [document, path] of [
      ['track--TrackingNumbers-Resource', '/track/v1/trackingnumbers'],
      ['track--TCN-Resource', '/track/v1/tcn'],
      ['track--ReferenceNumbers-Resource', '/track/v1/referencenumbers'],
      ['track--AssociatedShipments-Resource', '/track/v1/associatedshipments'],
      ['track--TrackingDocuments-Resource', '/track/v1/trackingdocuments'],
      ['track--Notifications-Resource', '/track/v1/notifications'],
    ] as const) {
      const found = await openApi.store.getOperation(document, 'POST', path);
      const validate = openApi.checkerFor(found!.document, found!.operation).response(200)!;
      validators.set(path, (body) => validate(body) as boolean);
      errors.set(path, () => validate.errors);
    }
  }, 120_000);
  afterAll(() => t?.close());

  /** A 200 reply of a track path, checked against the document's response schema and not repaired. */
  async function post(path: string, body: Json): Promise<Json> {
    const res = await twinCall(t.app, token, path, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-sim-repaired'], String(res.headers['x-sim-repaired'])).toBeUndefined();
    expect(validators.get(path)!(res.json()), JSON.stringify(errors.get(path)!())).toBe(true);
    return res.json().output;
  }

  async function ship(body: Json): Promise<Json> {
    const res = await twinCall(t.app, token, '/ship/v1/shipments', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().output.transactionShipments[0];
  }

  const track = async (n: string): Promise<Json> =>
    (
      await post('/track/v1/trackingnumbers', {
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: n } }],
      })
    ).completeTrackResults[0].trackResults[0];

  async function plan(trackingNumber: string): Promise<SimShipment> {
    const res = await t.app.inject('/lab/api/simulator/shipments?limit=200');
    return (res.json().shipments as SimShipment[]).find((s) => s.trackingNumber === trackingNumber)!;
  }

  async function advanceTo(at: number) {
    const ms = at - (await clock.now('sandbox'));
    if (ms > 0) await clock.advance('sandbox', ms);
    await clock.settled();
  }

  let ground: { numbers: string[]; delivery: string };

  it('answers a Ground piece with what clients read: packages, parties, references, service, local dates, estimate', async () => {
    const created = await ship(groundRequest());
    const numbers: string[] = created.pieceResponses.map((p: Json) => p.trackingNumber);
    const delivery: string = created.pieceResponses[0].deliveryDatestamp;
    ground = { numbers, delivery };
    const [first, second] = numbers as [string, string];
    const uniqueId = `12029~${first}~FDEG`;
    const result = await track(first);
    // A client reading packageDetails.weightAndDimensions.weight[0] gets the request's value and units.
    expect(result.packageDetails.weightAndDimensions.weight[0]).toEqual({ unit: 'LB', value: '5.5' });
    const { scanEvents, ...rest } = result;
    expect(rest).toEqual({
      trackingNumberInfo: { trackingNumber: first, carrierCode: 'FDXG', trackingNumberUniqueId: uniqueId },
      additionalTrackingInfo: {
        hasAssociatedShipments: true,
        packageIdentifiers: [
          { type: 'PURCHASE_ORDER', value: ['PO-7781'], trackingNumberUniqueId: uniqueId },
          { type: 'CUSTOMER_REFERENCE', value: ['ORDER-1001'], trackingNumberUniqueId: uniqueId },
        ],
      },
      shipperInformation: {
        contact: { personName: 'Avery Chen', phoneNumber: '9015551234', companyName: 'Shipping Lab' },
        address: MEMPHIS,
      },
      recipientInformation: {
        contact: { personName: 'Jordan Lee', phoneNumber: '3105559876', companyName: 'Lee Imports' },
        address: BEVERLY_HILLS,
      },
      latestStatusDetail: {
        code: 'OC',
        derivedCode: 'OC',
        statusByLocale: 'Label created',
        description: 'Order Created',
        scanLocation: { city: 'MEMPHIS', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' },
      },
      serviceDetail: { type: 'FEDEX_GROUND', description: 'FedEx Ground®', shortDescription: 'FG' },
      packageDetails: {
        packagingDescription: { type: 'YOUR_PACKAGING', description: 'Your Packaging' },
        sequenceNumber: '1',
        count: '2',
        weightAndDimensions: {
          weight: [{ unit: 'LB', value: '5.5' }],
          dimensions: [{ length: 20, width: 14, height: 9, units: 'IN' }],
        },
      },
      // Ground commits to no time: the estimate, in the destination's local time (Pacific, UTC−8).
      dateAndTimes: [
        { type: 'SHIP', dateTime: '2026-11-23T00:00:00-06:00' },
        { type: 'ESTIMATED_DELIVERY', dateTime: `${delivery}T20:00:00-08:00` },
      ],
      estimatedDeliveryTimeWindow: {
        type: 'ESTIMATED_DELIVERY',
        window: { begins: `${delivery}T08:00:00-08:00`, ends: `${delivery}T20:00:00-08:00` },
      },
    });
    // The label was created at 09:00 UTC: 03:00 in Memphis.
    expect(scanEvents).toEqual([
      {
        date: '2026-11-23T03:00:00-06:00',
        eventType: 'OC',
        eventDescription: 'Shipment information sent to FedEx',
        derivedStatusCode: 'OC',
        derivedStatus: 'Label created',
        scanLocation: { city: 'MEMPHIS', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' },
        locationType: 'CUSTOMER',
      },
    ]);
    // The second piece: its own package, no references.
    const other = await track(second);
    expect(other.packageDetails).toEqual({
      packagingDescription: { type: 'YOUR_PACKAGING', description: 'Your Packaging' },
      sequenceNumber: '2',
      count: '2',
      weightAndDimensions: { weight: [{ unit: 'LB', value: '3' }] },
    });
    expect(other.additionalTrackingInfo).toEqual({ hasAssociatedShipments: true });
  });

  it('answers an Express piece FDXE with its commitment, in the request units (KG, CM)', async () => {
    const created = await ship(expressRequest());
    const n: string = created.masterTrackingNumber;
    const delivery: string = created.pieceResponses[0].deliveryDatestamp;
    const result = await track(n);
    expect(result.trackingNumberInfo).toEqual({
      trackingNumber: n,
      carrierCode: 'FDXE',
      trackingNumberUniqueId: `12029~${n}~FX`,
    });
    expect(result.serviceDetail).toEqual({
      type: 'PRIORITY_OVERNIGHT',
      description: 'FedEx Priority Overnight®',
      shortDescription: 'PO',
    });
    expect(result.packageDetails.weightAndDimensions).toEqual({
      weight: [{ unit: 'KG', value: '2.5' }],
      dimensions: [{ length: 30, width: 20, height: 10, units: 'CM' }],
    });
    expect(result.additionalTrackingInfo.packageIdentifiers).toEqual([
      { type: 'INVOICE', value: ['INV-55'], trackingNumberUniqueId: `12029~${n}~FX` },
    ]);
    expect(result.dateAndTimes).toEqual([
      { type: 'SHIP', dateTime: '2026-11-23T00:00:00-06:00' },
      { type: 'COMMITMENT', dateTime: `${delivery}T10:30:00-08:00` },
    ]);
    expect(result.estimatedDeliveryTimeWindow).toBeUndefined();
  });

  it('finds shipments by reference (of its type, to its destination) and by TCN', async () => {
    const [first] = ground.numbers as [string];
    const byReference = (info: Json) =>
      post('/track/v1/referencenumbers', {
        referencesInformation: { shipDateBegin: '2026-11-20', shipDateEndDate: '2026-11-30', ...info },
      });
    const found = await byReference({ type: 'PURCHASE_ORDER', value: 'PO-7781', destinationCountryCode: 'US' });
    expect(found.completeTrackResults.map((r: Json) => r.trackingNumber)).toEqual([first]);
    expect(found.completeTrackResults[0].trackResults[0].packageDetails.sequenceNumber).toBe('1');
    // SHIPPER_REFERENCE is the customer reference; no type finds any.
    for (const info of [
      { type: 'SHIPPER_REFERENCE', value: 'ORDER-1001' },
      { value: 'ORDER-1001', destinationPostalCode: '90212' },
    ]) {
      expect((await byReference(info)).completeTrackResults.map((r: Json) => r.trackingNumber)).toEqual([first]);
    }
    const { code, message } = TRACK_MESSAGES.referenceNotFound;
    for (const info of [
      { type: 'INVOICE', value: 'PO-7781' },
      { value: 'PO-7781', destinationPostalCode: '10118' },
      { value: 'PO-9999' },
      { value: 'PO-7781', shipDateBegin: '2026-11-24' },
    ]) {
      expect((await byReference(info)).completeTrackResults, JSON.stringify(info)).toEqual([
        {
          trackingNumber: info.value,
          trackResults: [{ trackingNumberInfo: { trackingNumber: info.value }, error: { code, message } }],
        },
      ]);
    }
    const tcn = await post('/track/v1/tcn', { tcnInfo: { value: 'ORDER-1001', shipDateBegin: '2026-11-23' } });
    expect(tcn.completeTrackResults.map((r: Json) => r.trackingNumber)).toEqual([first]);
    const none = await post('/track/v1/tcn', { tcnInfo: { value: 'N552428361Y555XXX' } });
    expect(none.completeTrackResults[0].trackResults[0].error).toEqual(TRACK_MESSAGES.tcnNotFound);
  });

  it("answers a multiple-piece shipment's other pieces as its associated shipments", async () => {
    const [first, second] = ground.numbers as [string, string];
    const associated = (n: string, associatedType = 'STANDARD_MPS') =>
      post('/track/v1/associatedshipments', {
        associatedType,
        masterTrackingNumberInfo: { trackingNumberInfo: { trackingNumber: n } },
      });
    const out = await associated(first);
    expect(out.completeTrackResults.map((r: Json) => r.trackingNumber)).toEqual([second]);
    expect(out.completeTrackResults[0].trackResults[0].packageDetails.sequenceNumber).toBe('2');
    const single = await ship(expressRequest());
    const none = await associated(single.masterTrackingNumber);
    expect(none.completeTrackResults[0].trackResults[0].error).toEqual(TRACK_MESSAGES.noAssociated);
  });

  it('registers notifications on the shipment and answers where the piece goes', async () => {
    const [first] = ground.numbers as [string];
    const out = await post('/track/v1/notifications', {
      senderContactName: 'Avery Chen',
      senderEMailAddress: 'avery@example.com',
      trackingNumberInfo: { trackingNumber: first },
      trackingEventNotificationDetail: {
        trackingNotifications: [
          {
            notificationDetail: {
              localization: { languageCode: 'en', localeCode: 'US' },
              emailDetail: { emailAddress: 'jordan@example.com', name: 'Jordan Lee' },
              notificationType: 'HTML',
            },
            role: 'RECIPIENT',
            notificationEventTypes: ['ON_DELIVERY', 'ON_EXCEPTION'],
          },
        ],
      },
    });
    expect(out).toEqual({
      TrackingNumberInfo: { trackingNumber: first, carrierCode: 'FDXG', trackingNumberUniqueId: `12029~${first}~FDEG` },
      destinationAddress: { ...BEVERLY_HILLS, addressVerificationId: expect.stringMatching(/^[0-9a-f]{12}$/) },
      recipientDetails: [['ON_DELIVERY', 'ON_EXCEPTION']],
    });
    const stored = await servicesOf(t.app).twinStore.shipmentOf(first);
    expect(JSON.parse(stored!.notifications)).toEqual([
      {
        trackingNumber: first,
        senderContactName: 'Avery Chen',
        senderEMailAddress: 'avery@example.com',
        recipients: [
          {
            emailAddress: 'jordan@example.com',
            role: 'RECIPIENT',
            events: ['ON_DELIVERY', 'ON_EXCEPTION'],
            format: 'HTML',
            locale: 'en_US',
          },
        ],
        registeredAt: START,
      },
    ]);
  });

  it('reads IT in transit, then delivered: local delivery time and a proof of delivery PDF', async () => {
    const [first] = ground.numbers as [string];
    const spod = {
      trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' },
      trackDocumentSpecification: [{ trackingNumberInfo: { trackingNumber: first } }],
    };
    const early = await twinCall(t.app, token, '/track/v1/trackingdocuments', spod);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ code: 'SPOD.NOT.AVAILABLE', message: DOCUMENT_MESSAGES.notDelivered }]);

    const events = (await plan(first)).events;
    const moving = events.find((e) => e.derivedStatusCode === 'IT')!;
    await advanceTo(Date.parse(moving.at));
    const inTransit = await track(first);
    expect(inTransit.latestStatusDetail).toMatchObject({ code: 'IT', derivedCode: 'IT', description: 'In Transit' });
    expect(inTransit.scanEvents[0].eventType).toBe(moving.eventType);

    await advanceTo(Date.parse(events.at(-1)!.at));
    const delivered = await track(first);
    const deliveredAt = Date.parse(events.at(-1)!.at);
    // Beverly Hills is UTC−8 in late November.
    const local = `${new Date(deliveredAt - 8 * 3_600_000).toISOString().slice(0, 19)}-08:00`;
    expect(delivered.latestStatusDetail).toMatchObject({ code: 'DL', description: 'Delivered' });
    expect(delivered.scanEvents[0].date).toBe(local);
    expect(delivered.dateAndTimes.at(-1)).toEqual({ type: 'ACTUAL_DELIVERY', dateTime: local });
    expect(delivered.estimatedDeliveryTimeWindow).toBeUndefined();
    expect(delivered.availableImages).toEqual([{ type: 'SIGNATURE_PROOF_OF_DELIVERY', size: 'LARGE' }]);

    const out = await post('/track/v1/trackingdocuments', spod);
    expect(out).toMatchObject({
      localization: { languageCode: 'en', localeCode: 'US' },
      documentType: 'SIGNATURE_PROOF_OF_DELIVERY',
      documentFormat: 'PDF',
    });
    expect(out.document).toHaveLength(1);
    const pdf = Buffer.from(out.document[0], 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Proof of delivery ${first}`);
    expect(doc.getPageCount()).toBe(1);

    const png = await twinCall(t.app, token, '/track/v1/trackingdocuments', {
      ...spod,
      trackDocumentDetail: { documentType: 'BILL_OF_LADING', documentFormat: 'PDF' },
    });
    expect(png.statusCode).toBe(400);
    expect(png.json().errors[0].message).toBe(DOCUMENT_MESSAGES.typeNotSupported);
  });
});

describe.each(dialectsFor('dialect-sensitive'))('track by reference on the database (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { simSeed: 139 });
    token = await twinToken(t.app);
  }, 120_000);
  afterAll(() => t?.close());

  it('finds each shipment carrying the reference, newest first, in its environment only', async () => {
    const masters: string[] = [];
    // Shipped today by the real clock (no ship date: the twin's today).
    const request = groundRequest();
    delete request.requestedShipment.shipDatestamp;
    for (let i = 0; i < 2; i++) {
      const res = await twinCall(t.app, token, '/ship/v1/shipments', request);
      expect(res.statusCode, res.body).toBe(200);
      masters.push(res.json().output.transactionShipments[0].masterTrackingNumber);
    }
    const res = await twinCall(t.app, token, '/track/v1/referencenumbers', {
      referencesInformation: {
        type: 'PURCHASE_ORDER',
        value: 'PO-7781',
        shipDateBegin: '2000-01-01',
        shipDateEndDate: '2099-12-31',
      },
    });
    expect(res.json().output.completeTrackResults.map((r: Json) => r.trackingNumber)).toEqual([...masters].reverse());
    const production = await twinToken(t.app, { host: '/lab/sim/carrier/production' });
    const elsewhere = await twinCall(
      t.app,
      production,
      '/track/v1/referencenumbers',
      { referencesInformation: { value: 'PO-7781', shipDateBegin: '2000-01-01', shipDateEndDate: '2099-12-31' } },
      { host: '/lab/sim/carrier/production' },
    );
    expect(elsewhere.json().output.completeTrackResults[0].trackResults[0].error.code).toBe(
      'TRACKING.REFERENCENUMBER.NOTFOUND',
    );
  });
});
