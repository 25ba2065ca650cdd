/**
 * No canned reply (issue 39 item 2): every enabled catalogue endpoint is called with two different
 * valid requests (and the state they need: shipments, jobs, pickups, tags, open shipments), and no
 * reply may carry a value of the document's example reply that the request did not contain.
 *
 * The example reply of an operation is what the twin would answer from the document alone: the
 * value built from its 2xx response schema and the document's examples (`conformantSample`, as
 * `fromExample` builds it). Its leaf values are compared with the reply's, except the trivial ones
 * (`trivial` below): booleans; integers from -1000 to 1000 (counts, sequence numbers, indexes);
 * strings of 3 characters or fewer (units, currencies, country codes); times of day (HH:MM:SS: a
 * cut-off is a constant of a service, as likely as not the example's); any member of an `enum` of
 * the carrier's documents (codes); the codes and names of the twin's services (its catalogue,
 * tariff/services.ts); the English name of a country whose code the run sent; and the few carrier
 * constants listed in CONSTANTS, each with the reason it is one. A value the run's requests sent —
 * this one or an earlier one whose state the reply is built from (strings compared without letter
 * case) — is the client's, not the example's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, defaultSample, type CarrierEndpoint } from '@lab/core/carrier';
import { checkAccountNumber } from '@lab/core/shipping';
import { servicesOf } from '../../app.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { twinCall, twinToken } from '../../test/simulators.js';
import { SERVICES } from './tariff/services.js';
import { SHENZHEN, shipRequest } from './testShipments.js';

type Json = Record<string, any>;

/** Values the carrier answers the same whatever the request, and why. */
const CONSTANTS = new Map<string, string>([
  ['RAW_ADDRESS', 'address attributes.ResolutionInput: "Currently only option is RAW_ADDRESS"'],
  ['Postal', "address standardizedStatusNameMatchSource / MatchSource: 'Postal' or 'Map', our data is postal"],
  ['USPS_VALIDATE', 'address resolutionMethodName of a US address (the valid values the document lists)'],
  ['GENERIC_VALIDATE', 'address resolutionMethodName outside the US and Canada (a valid value the document lists)'],
  ['STANDARDIZED', 'address attributes.AddressType of a resolved address (RAW, NORMALIZED, STANDARDIZED)'],
  ['MULTI_TENANT_UNIT', 'address attributes.AddressPrecision of an address with a unit (a listed value)'],
  ['COMMERCIAL_INVOICE', 'a document type: the name of the commercial invoice'],
  ['FDXE', 'the operating company code of FedEx Express'],
  ['FDXG', 'the operating company code of FedEx Ground'],
  ['long', "rates' serviceDescription.names[].type: the long form of a service's name"],
  ['utf-8', "rates' serviceDescription.names[].encoding"],
  ['parcel', "rates' serviceDescription.serviceCategory of a parcel service"],
  ['FUEL', 'the code of the fuel surcharge'],
  ['Fuel Surcharge', 'the description of the FUEL surcharge'],
  ['YOUR_PACKAGING', "the packaging code of the customer's own packaging"],
  ['Indirect Signature', 'the display text of the INDIRECT signature option'],
  ['SUCCESS', 'uploads: the status of an accepted upload'],
  ['Shipment is successfully cancelled', "cancel shipment's success message"],
]);

const lower = (values: Iterable<string>) => new Set([...values].map((v) => v.toLowerCase()));
const CONSTANT_WORDS = lower([...CONSTANTS.keys(), ...SERVICES.flatMap((s) => [s.serviceType, s.name])]);
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

const TIME_OF_DAY = /^\d{2}:\d{2}:\d{2}$/;

function leaves(value: unknown, path: string, out: [string, string | number][]): [string, string | number][] {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else if (typeof value === 'string' || typeof value === 'number') out.push([path, value]);
  return out;
}

function enumValues(doc: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(doc)) doc.forEach((d) => enumValues(d, out));
  else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      if (k === 'enum' && Array.isArray(v)) v.forEach((e) => typeof e === 'string' && out.add(e.toLowerCase()));
      else enumValues(v, out);
    }
  }
  return out;
}

function trivial(value: string | number, enums: Set<string>): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= 1000;
  const text = value.toLowerCase();
  return value.length <= 3 || TIME_OF_DAY.test(value) || enums.has(text) || CONSTANT_WORDS.has(text);
}

describe.each(dialectsFor('dialect-neutral'))('no canned reply (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  /** Per operation (document|method|path): the example reply's non-trivial leaf values. */
  const exampleValues = new Map<string, Map<string, string>>();
  /** Every enum member of the documents the catalogue names (lower case). */
  const enums = new Set<string>();
  /** What the run's requests have sent so far (lower case), and the names of the countries they named. */
  const sent = new Set<string>();
  const calls = new Map<string, number>();
  const canned: Record<string, string[]> = {};
  const refused: Record<string, string[]> = {};

  const endpoint = (id: string) => CARRIER_ENDPOINTS.find((e) => e.id === id)!;

  async function examplesOf(e: CarrierEndpoint, status: number): Promise<Map<string, string>> {
    const ref = e.operation;
    // An endpoint no published document covers (account validation) has no example to repeat.
    if (!ref) return new Map();
    const key = `${ref.document}|${ref.method}|${ref.path}|${status}`;
    let values = exampleValues.get(key);
    if (!values) {
      const { store, conformantSample } = servicesOf(t.app).openApi;
      const found = (await store.getOperation(ref.document, ref.method, ref.path))!;
      const schema = found.operation.responses[String(status)]?.schema;
      const example = schema
        ? conformantSample(found.document.document, schema, found.document.validators.compile(schema))
        : {};
      values = new Map();
      for (const [path, v] of leaves(example, '', [])) {
        if (!trivial(v, enums)) values.set(String(v).toLowerCase(), path);
      }
      exampleValues.set(key, values);
    }
    return values;
  }

  /**
   * Calls an endpoint as a client does and checks its reply: a 2xx (these requests are valid),
   * and no example value the request did not send. `customer` sends an x-customer-transaction-id.
   */
  async function call(id: string, body: Json, options: { path?: string; customer?: boolean } = {}): Promise<Json> {
    const e = endpoint(id);
    calls.set(id, (calls.get(id) ?? 0) + 1);
    const headers: Record<string, string> = options.customer ? { 'x-customer-transaction-id': `lab-${id}` } : {};
    let res;
    if (e.host === 'documents') {
      const mp = multipart([
        { name: 'document', value: JSON.stringify(body.document) },
        { name: 'attachment', value: Buffer.from('%PDF-1.4 lab'), filename: String(body.attachment) },
      ]);
      res = await twinCall(t.app, token, e.path, mp.body, {
        method: e.method,
        host: '/lab/sim/carrier-documents',
        headers: { 'content-type': mp.contentType, ...headers },
      });
    } else {
      res = await twinCall(t.app, token, options.path ?? e.path, body, { method: e.method, headers });
    }
    const reply = res.json() as Json;
    if (res.statusCode >= 300) {
      (refused[id] ??= []).push(`${res.statusCode} ${JSON.stringify(reply.errors)}`);
      return reply;
    }
    for (const [, v] of leaves({ body, path: options.path ?? '' }, '', [])) {
      sent.add(String(v).toLowerCase());
      if (typeof v === 'string' && /^[A-Z]{2}$/.test(v)) sent.add((countryName.of(v) ?? v).toLowerCase());
    }
    const examples = await examplesOf(e, res.statusCode);
    for (const [path, v] of leaves(reply, '', [])) {
      const text = String(v).toLowerCase();
      const examplePath = examples.get(text);
      if (examplePath !== undefined && !sent.has(text)) {
        (canned[id] ??= []).push(`${path} = ${JSON.stringify(v)} (the example's ${examplePath})`);
      }
    }
    return reply;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { openApiRecheckMs: 0, simSeed: 7 }, { imported: true });
    token = await twinToken(t.app);
    const { store } = servicesOf(t.app).openApi;
    const documents = new Set(CARRIER_ENDPOINTS.flatMap((e) => (e.operation ? [e.operation.document] : [])));
    for (const name of documents) enumValues((await store.getDocument(name))?.document, enums);
  });

  afterAll(() => t.close());

  it('answers every enabled endpoint from the request and its state, never with the example', async () => {
    const account = { value: '740561075' };
    const clock = await t.app.inject({ url: '/lab/api/simulator/clock' });
    const todayOfTwin = String(clock.json().now).slice(0, 10);
    const second = checkAccountNumber('612300450');
    const otherAccount = second.ok ? second.suggestion : '';
    const newYork = {
      streetLines: ['350 Fifth Avenue', 'Suite 3300'],
      city: 'New York',
      stateOrProvinceCode: 'NY',
      postalCode: '10118',
      countryCode: 'US',
    };
    const seattle = {
      streetLines: ['1201 Third Ave'],
      city: 'Seattle',
      stateOrProvinceCode: 'WA',
      postalCode: '98101',
      countryCode: 'US',
    };
    const nyToSeattle = (rs: Json) => {
      rs.shipper.address = { ...newYork };
      rs.shipper.contact = { personName: 'Morgan Diaz', phoneNumber: '2125550147', companyName: 'Diaz Supply' };
      rs.recipients[0].address = { ...seattle };
      rs.recipients[0].contact = { personName: 'Riley Park', phoneNumber: '2065550199' };
      rs.serviceType = 'FEDEX_2_DAY';
    };

    // Lookups, rates and availability.
    await call('locations', defaultSample('locations') as Json, { customer: true });
    await call('locations', {
      location: { address: { city: 'Seattle', stateOrProvinceCode: 'WA', postalCode: '98101', countryCode: 'US' } },
      locationsSummaryRequestControlParameters: { distance: { units: 'KM', value: 15 }, maxResults: 3 },
    });
    await call('postal-validate', defaultSample('postal-validate') as Json, { customer: true });
    await call('postal-validate', {
      carrierCode: 'FDXE',
      countryCode: 'US',
      stateOrProvinceCode: 'NY',
      postalCode: '10118',
      shipDate: '2026-12-01',
    });
    const lane = {
      shipper: { address: { postalCode: '10118', countryCode: 'US' } },
      recipient: { address: { postalCode: '98101', countryCode: 'US' } },
    };
    await call('rate-quotes', defaultSample('rate-quotes') as Json, { customer: true });
    await call('rate-quotes', {
      accountNumber: { value: otherAccount },
      requestedShipment: {
        ...lane,
        pickupType: 'USE_SCHEDULED_PICKUP',
        rateRequestType: ['ACCOUNT'],
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 3 } }],
      },
    });
    await call('package-and-service-options', defaultSample('package-and-service-options') as Json, {
      customer: true,
    });
    await call('package-and-service-options', {
      requestedShipment: { shipper: lane.shipper, recipients: [{ address: { ...SHENZHEN } }] },
    });
    await call('special-service-options', defaultSample('special-service-options') as Json, { customer: true });
    await call('special-service-options', {
      requestedShipment: {
        ...lane,
        packagingType: 'FEDEX_PAK',
        requestedPackageLineItems: [{ weight: { units: 'KG', value: 2 } }],
      },
    });
    await call('account-validate', defaultSample('account-validate') as Json, { customer: true });
    await call('account-validate', { accountNumber: { value: otherAccount }, billingAddress: newYork });
    await call('address-resolve', defaultSample('address-resolve') as Json, { customer: true });
    await call('address-resolve', {
      addressesToValidate: [
        { address: newYork },
        {
          address: {
            streetLines: ['9999 Imaginary Way'],
            city: 'Nowhere',
            stateOrProvinceCode: 'ZZ',
            postalCode: '99999',
            countryCode: 'US',
          },
        },
      ],
    });
    await call('pickup-availability', defaultSample('pickup-availability') as Json, { customer: true });
    await call('pickup-availability', {
      pickupAddress: { postalCode: '98101', countryCode: 'US' },
      pickupRequestType: ['FUTURE_DAY'],
      carriers: ['FDXG'],
      countryRelationship: 'DOMESTIC',
      numberOfBusinessDays: 2,
    });
    await call('regulatory-details', defaultSample('regulatory-details') as Json, { customer: true });
    await call('regulatory-details', {
      originAddress: { countryCode: 'US', postalCode: '10118' },
      destinationAddress: { countryCode: 'CN', postalCode: '518057' },
      carrierCode: 'FDXE',
      customsClearanceDetail: {
        customsValue: { amount: 640, currency: 'USD' },
        commodities: [
          { description: 'Cotton scarves', harmonizedCode: '611710', quantity: '40', quantityUOM: 'PCS' },
          { description: 'Gift boxes', harmonizedCode: '481910', quantity: '40', quantityUOM: 'EA' },
        ],
      },
    });

    // Uploads.
    await call('etd-upload', defaultSample('etd-upload') as Json, { customer: true });
    await call('etd-upload', {
      document: {
        workflowName: 'ETDPreshipment',
        name: 'proforma-8812.pdf',
        contentType: 'application/pdf',
        meta: { shipDocumentType: 'PRO_FORMA_INVOICE', originCountryCode: 'US', destinationCountryCode: 'CN' },
      },
      attachment: 'proforma-8812.pdf',
    });
    await call('image-upload', defaultSample('image-upload') as Json, { customer: true });
    await call('image-upload', {
      document: {
        referenceId: 'DIAZ-HEAD-2',
        name: 'letterhead.png',
        contentType: 'image/png',
        rules: { workflowName: 'LetterheadSignature' },
        meta: { imageType: 'LETTERHEAD', imageIndex: 'IMAGE_2' },
      },
      attachment: 'letterhead.png',
    });

    // Shipments: two made at once, two as async jobs.
    const s1 = await call(
      'ship-create',
      shipRequest((_b, rs) => {
        rs.requestedPackageLineItems[0].customerReferences = [
          { customerReferenceType: 'CUSTOMER_REFERENCE', value: 'LAB-ORDER-2002' },
        ];
      }),
      { customer: true },
    );
    const s2 = await call(
      'ship-create',
      shipRequest((_b, rs) => {
        nyToSeattle(rs);
        rs.requestedPackageLineItems = [
          {
            weight: { units: 'KG', value: 4 },
            customerReferences: [{ customerReferenceType: 'P_O_NUMBER', value: 'PO-778812' }],
          },
          { weight: { units: 'KG', value: 2 } },
        ];
      }),
    );
    const job1 = await call(
      'ship-create',
      shipRequest((b) => {
        b.processingOptionType = 'ALLOW_ASYNCHRONOUS';
      }),
    );
    const job2 = await call(
      'ship-create',
      shipRequest((b, rs) => {
        b.processingOptionType = 'ALLOW_ASYNCHRONOUS';
        nyToSeattle(rs);
      }),
    );
    const done1 = await call('ship-results', { accountNumber: account, jobId: job1.output?.jobId }, { customer: true });
    const done2 = await call('ship-results', { accountNumber: account, jobId: job2.output?.jobId });

    const master1 = String(s1.output?.transactionShipments?.[0]?.masterTrackingNumber);
    const master2 = String(s2.output?.transactionShipments?.[0]?.masterTrackingNumber);
    const trackingInfo = (n: string) => ({ trackingNumberInfo: { trackingNumber: n } });

    // Tracking (i39-track answers these from state).
    await call(
      'track-tracking-numbers',
      { includeDetailedScans: true, trackingInfo: [trackingInfo(master1)] },
      { customer: true },
    );
    await call('track-tracking-numbers', { includeDetailedScans: false, trackingInfo: [trackingInfo(master2)] });
    await call('track-tcn', { tcnInfo: { value: master1 }, includeDetailedScans: true }, { customer: true });
    await call('track-tcn', { tcnInfo: { value: master2 }, includeDetailedScans: false });
    await call(
      'track-reference-numbers',
      {
        referencesInformation: {
          type: 'CUSTOMER_REFERENCE',
          value: 'LAB-ORDER-2002',
          accountNumber: '740561075',
          shipDateBegin: todayOfTwin,
          shipDateEndDate: todayOfTwin,
        },
        includeDetailedScans: true,
      },
      { customer: true },
    );
    await call('track-reference-numbers', {
      referencesInformation: {
        type: 'PURCHASE_ORDER',
        value: 'PO-778812',
        accountNumber: '740561075',
        shipDateBegin: todayOfTwin,
        shipDateEndDate: todayOfTwin,
      },
      includeDetailedScans: false,
    });
    await call(
      'track-associated-shipments',
      { masterTrackingNumberInfo: trackingInfo(master2), associatedType: 'STANDARD_MPS' },
      { customer: true },
    );
    await call('track-associated-shipments', {
      masterTrackingNumberInfo: trackingInfo(master1),
      associatedType: 'STANDARD_MPS',
    });
    const notification = (email: string, name: string, events: string[], n: string) => ({
      senderContactName: 'Morgan Diaz',
      senderEMailAddress: 'morgan@diaz.example',
      trackingEventNotificationDetail: {
        trackingNotifications: [
          {
            notificationDetail: {
              localization: { languageCode: 'en' },
              emailDetail: { emailAddress: email, name },
              notificationType: 'HTML',
            },
            role: 'RECIPIENT',
            notificationEventTypes: events,
          },
        ],
      },
      trackingNumberInfo: { trackingNumber: n },
    });
    await call('track-notifications', notification('riley@park.example', 'Riley Park', ['ON_DELIVERY'], master1), {
      customer: true,
    });
    await call(
      'track-notifications',
      notification('sam@lee.example', 'Sam Lee', ['ON_EXCEPTION', 'ON_TENDER'], master2),
    );

    await call(
      'ship-cancel',
      { accountNumber: account, trackingNumber: master1, deletionControl: 'DELETE_ALL_PACKAGES' },
      { customer: true },
    );
    await call('ship-cancel', { accountNumber: account, trackingNumber: master2 });

    // Pickups and return tags.
    const p1 = await call('pickup-create', defaultSample('pickup-create') as Json, { customer: true });
    const p2 = await call('pickup-create', {
      associatedAccountNumber: { value: otherAccount },
      originDetail: {
        pickupLocation: { contact: { personName: 'Riley Park', phoneNumber: '2065550199' }, address: seattle },
        readyDateTimestamp: `${todayOfTwin}T10:00:00Z`,
        customerCloseTime: '16:00:00',
      },
      carrierCode: 'FDXG',
    });
    for (const [p, customer] of [
      [p1, true],
      [p2, false],
    ] as const) {
      await call(
        'pickup-cancel',
        {
          associatedAccountNumber: account,
          pickupConfirmationCode: p.output?.pickupConfirmationCode,
          scheduledDate: todayOfTwin,
          location: p.output?.location,
        },
        { customer },
      );
    }
    const tag1 = await call('tag-create', defaultSample('tag-create') as Json, { customer: true });
    const tag2Request = defaultSample('tag-create') as Json;
    nyToSeattle(tag2Request.requestedShipment);
    tag2Request.requestedShipment.pickupDetail = {
      readyPickupDateTime: `${todayOfTwin}T13:00:00Z`,
      latestPickupDateTime: `${todayOfTwin}T19:00:00Z`,
    };
    const tag2 = await call('tag-create', tag2Request);
    for (const [tag, customer] of [
      [tag1, true],
      [tag2, false],
    ] as const) {
      const n = String(tag.output?.masterTrackingNumber);
      await call(
        'tag-cancel',
        {
          accountNumber: account,
          serviceType: tag.output?.serviceType,
          trackingNumber: n,
          completedTagDetail: tag.output?.completedTagDetail,
        },
        { path: `/ship/v1/shipments/tag/cancel/${n}`, customer },
      );
    }

    // Open shipments: two confirmed, two deleted.
    const openRequest = (index: string | undefined, change: (rs: Json) => void = () => undefined) => {
      const body = defaultSample('open-ship-create') as Json;
      if (index) body.index = index;
      else delete body.index;
      change(body.requestedShipment);
      return body;
    };
    const o1 = await call('open-ship-create', openRequest('LAB-OS-A1'), { customer: true });
    const o2 = await call(
      'open-ship-create',
      openRequest(undefined, (rs) => nyToSeattle(rs)),
    );
    const indexes = [String(o1.output?.index), String(o2.output?.index)];
    const created = [o1, o2];
    const modified = [];
    for (const [i, index] of indexes.entries()) {
      modified.push(
        await call(
          'open-ship-modify',
          {
            accountNumber: account,
            index,
            requestedShipment: {
              ...openRequest(undefined, i === 0 ? () => undefined : nyToSeattle).requestedShipment,
              serviceType: i === 0 ? 'STANDARD_OVERNIGHT' : 'FEDEX_EXPRESS_SAVER',
            },
          },
          { customer: i === 0 },
        ),
      );
      const added = await call(
        'open-ship-packages-add',
        { accountNumber: account, index, requestedPackageLineItems: [{ weight: { units: 'LB', value: 3 + i } }] },
        { customer: i === 0 },
      );
      const pieces = added.output?.transactionShipments?.[0]?.pieceResponses ?? [];
      const extra = String(pieces.at(-1)?.trackingNumber);
      await call(
        'open-ship-packages-modify',
        {
          accountNumber: account,
          index,
          trackingId: { trackingNumber: extra },
          requestedPackageLineItem: { weight: { units: 'LB', value: 7 + i } },
        },
        { customer: i === 0 },
      );
      await call(
        'open-ship-packages-retrieve',
        { accountNumber: account, index, trackingId: { trackingNumber: extra } },
        { customer: i === 0 },
      );
      await call(
        'open-ship-packages-delete',
        { accountNumber: account, index, trackingIds: [{ trackingNumber: extra }] },
        { customer: i === 0 },
      );
      await call('open-ship-retrieve', { accountNumber: account, index }, { customer: i === 0 });
    }
    const confirmed = [];
    for (const [i, index] of indexes.entries()) {
      confirmed.push(
        await call(
          'open-ship-confirm',
          {
            accountNumber: account,
            index,
            labelResponseOptions: 'LABEL',
            labelSpecification: { labelStockType: 'STOCK_4X6', imageType: 'ZPLII' },
          },
          { customer: i === 0 },
        ),
      );
    }
    await call(
      'open-ship-results',
      { accountNumber: account, resultMethodType: 'CREATE', jobId: created[0]!.output?.jobId },
      { customer: true },
    );
    await call('open-ship-results', {
      accountNumber: account,
      resultMethodType: 'CONFIRM',
      jobId: confirmed[1]!.output?.jobId,
    });
    await call('open-ship-results', {
      accountNumber: account,
      resultMethodType: 'MODIFY',
      jobId: modified[1]!.output?.jobId,
    });
    for (const [i, index] of ['LAB-OS-D1', 'LAB-OS-D2'].entries()) {
      await call('open-ship-create', openRequest(index));
      await call('open-ship-delete', { accountNumber: account, index }, { customer: i === 0 });
    }

    // A proof of delivery exists once delivered: move the twin's clock past the deliveries of the
    // two shipments made as jobs (the others were cancelled above).
    const jobMaster = (done: Json) => String(done.output?.transactionShipments?.[0]?.masterTrackingNumber);
    const advanced = await t.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/clock',
      payload: { environment: 'sandbox', advance: 'P21D' },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    await call(
      'track-documents',
      {
        trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' },
        trackDocumentSpecification: [trackingInfo(jobMaster(done1))],
      },
      { customer: true },
    );
    await call('track-documents', {
      trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' },
      trackDocumentSpecification: [trackingInfo(jobMaster(done2))],
    });

    const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled).map((e) => e.id);
    const calledTwice = enabled.filter((id) => (calls.get(id) ?? 0) >= 2);
    expect.soft(calledTwice).toEqual(enabled);
    expect.soft(refused).toEqual({});
    expect(canned).toEqual({});
  }, 120_000);
});
