import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { PDFDocument } from 'pdf-lib';
import addFormatsImport from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, type CarrierEndpoint } from '@lab/core/carrier';
import { pngDimensions } from '@lab/core/labels';
import { isValidExpressTracking } from '@lab/core/shipping';
import { servicesOf } from '../../app.js';
import { referenceDir } from '../../paths.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { requestToken, tokenForm, TWIN, twinCall, twinSample, twinToken } from '../../test/simulators.js';
import { SimState } from './state.js';
import { cancelRequest, commodity, customs, toShenzhen } from './testShipments.js';

const DOCS = path.join(referenceDir, 'carrier-openapi');
const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
type Json = Record<string, any>;

/** A document read from disk and compiled here (not the simulator's): once per document. */
const compiledDocuments = new Map<string, { patched: Json; ajv: Ajv }>();
function compiledDocument(document: string) {
  let compiled = compiledDocuments.get(document);
  if (!compiled) {
    const raw = fs.readFileSync(path.join(DOCS, `${document}.json`), 'utf8');
    const doc = JSON.parse(raw) as Json;
    const pointer = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<any>((n, k) => n?.[k], doc);
    const patched = JSON.parse(raw, (_k, v: unknown) =>
      v && typeof v === 'object' && typeof (v as Json).$ref === 'string' && pointer((v as Json).$ref) === undefined
        ? {}
        : v,
    ) as Json;
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    const formats = new Set<string>();
    JSON.stringify(patched, (k, v: unknown) => (k === 'format' && typeof v === 'string' && formats.add(v), v));
    for (const f of formats) if (!ajv.formats[f]) ajv.addFormat(f, true);
    ajv.addSchema(patched, 'doc');
    compiled = { patched, ajv };
    compiledDocuments.set(document, compiled);
  }
  return compiled;
}

const responseValidators = new Map<string, ValidateFunction | undefined>();
/** An independent response validator for one operation and status, compiled once. */
function responseValidator(document: string, method: string, opPath: string, status: number) {
  const key = `${document} ${method} ${opPath} ${status}`;
  if (responseValidators.has(key)) return responseValidators.get(key);
  const { patched, ajv } = compiledDocument(document);
  const responses = patched.paths[opPath][method.toLowerCase()].responses;
  const content = responses[String(status)]?.content;
  const validate = content
    ? ajv.compile(
        JSON.parse(
          JSON.stringify((Object.values(content)[0] as Json).schema).replace(/"\$ref":"#/g, '"$ref":"doc#'),
        ) as Json,
      )
    : undefined;
  responseValidators.set(key, validate);
  return validate;
}

// Dialect-neutral: the simulator reads the OpenAPI store and the postal data, whose SQL the openapi and
// lookups suites cover on both dialects.
describe.each(dialectsFor('dialect-neutral'))('carrier simulator (%s)', (dialect) => {
  let t: TestApp;
  let token: string;

  const call = (endpoint: CarrierEndpoint | string, body: unknown, headers: Record<string, string> = {}) => {
    const e = typeof endpoint === 'string' ? CARRIER_ENDPOINTS.find((x) => x.id === endpoint)! : endpoint;
    const { method } = e;
    if (e.host === 'documents') {
      const sample = body as { document: unknown; attachment: string };
      const mp = multipart([
        { name: 'document', value: JSON.stringify(sample.document) },
        { name: 'attachment', value: Buffer.from('%PDF-1.4 sample'), filename: sample.attachment },
      ]);
      return twinCall(t.app, token, e.path, mp.body, {
        method,
        host: '/lab/sim/carrier-documents',
        headers: { 'content-type': mp.contentType, ...headers },
      });
    }
    return twinCall(t.app, token, e.path.replace('{shipmentid}', '794953555571'), body, {
      method,
      headers: { 'x-customer-transaction-id': 'lab-test-1', ...headers },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { openApiRecheckMs: 0, simSeed: 42 }, { imported: true });
    token = await twinToken(t.app);
  });

  afterAll(() => t.close());

  describe('OAuth', () => {
    it('issues a bearer token for client credentials (expires_in 3600)', async () => {
      const res = await requestToken(t.app, TWIN, tokenForm('k', 's'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        access_token: expect.stringMatching(/^sim\./),
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'CXS',
      });
      const validate = responseValidator('authorization--APIAuthorization-Resource', 'POST', '/oauth/token', 200)!;
      expect(validate(res.json())).toBe(true);
    });

    it("answers 401 in the carrier's error shape for the secret `invalid`", async () => {
      const res = await requestToken(t.app, TWIN, tokenForm('k', 'invalid'));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        transactionId: expect.any(String),
        errors: [
          {
            code: 'NOT.AUTHORIZED.ERROR',
            message: 'The given client credentials were not valid. Please modify your request and try again.',
          },
        ],
      });
      const validate = responseValidator('authorization--APIAuthorization-Resource', 'POST', '/oauth/token', 401)!;
      expect(validate(res.json())).toBe(true);
    });

    it('refuses a call without a bearer, or with a forged one (401 NOT.AUTHORIZED.ERROR)', async () => {
      for (const authorization of [undefined, 'Bearer sim.zzz.abc.def', 'Basic abc']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/lab/sim/carrier/ship/v1/shipments',
          headers: authorization ? { authorization } : {},
          payload: (await twinSample(t.app, 'ship-create')) as Json,
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().errors).toEqual([
          {
            code: 'NOT.AUTHORIZED.ERROR',
            message: 'Access token is missing or invalid. Please modify your request and try again.',
          },
        ]);
      }
    });

    it('refuses an expired bearer', async () => {
      const short = await buildTestApp(dialect, { simTokenTtlSeconds: 0 });
      try {
        const issued = await requestToken(short.app, TWIN, tokenForm('k', 's'));
        expect(issued.json().expires_in).toBe(0);
        const res = await twinCall(
          short.app,
          issued.json().access_token,
          '/track/v1/trackingnumbers',
          await twinSample(t.app, 'track-tracking-numbers'),
        );
        expect(res.statusCode).toBe(401);
        expect(res.json().errors).toEqual([
          { code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired. Please modify your request and try again.' },
        ]);
      } finally {
        await short.close();
      }
    });
  });

  describe('request validation', () => {
    it('answers 400 naming each violation: missing shipper, a string for a number, an unknown enum value', async () => {
      const body = (await twinSample(t.app, 'ship-create')) as Json;
      delete body.requestedShipment.shipper;
      body.requestedShipment.totalWeight = 'twelve';
      body.requestedShipment.pickupType = 'TELEPORT';
      const res = await call('ship-create', body);
      expect(res.statusCode).toBe(400);
      const reply = res.json();
      expect(reply.transactionId).toEqual(expect.any(String));
      expect(reply.customerTransactionId).toBe('lab-test-1');
      const byPath = Object.fromEntries(reply.errors.map((e: Json) => [e.parameterList[0].value, e]));
      expect(Object.keys(byPath).sort()).toEqual([
        'requestedShipment.pickupType',
        'requestedShipment.shipper',
        'requestedShipment.totalWeight',
      ]);
      expect(byPath['requestedShipment.shipper']).toEqual({
        code: 'FIELD.REQUIRED',
        message: 'requestedShipment.shipper is required.',
        parameterList: [{ key: 'path', value: 'requestedShipment.shipper' }],
      });
      expect(byPath['requestedShipment.totalWeight'].message).toBe('requestedShipment.totalWeight must be number.');
      expect(byPath['requestedShipment.pickupType'].code).toBe('INVALID.FIELD.VALUE');
      expect(byPath['requestedShipment.pickupType'].message).toMatch(
        /^requestedShipment\.pickupType must be one of: .*USE_SCHEDULED_PICKUP/,
      );
      const validate = responseValidator('ship--Shipment-Resource', 'POST', '/ship/v1/shipments', 400)!;
      expect(validate(reply)).toBe(true);
    });

    it("accepts a missing totalWeight (the carrier's own samples omit it) with a warning header", async () => {
      const body = (await twinSample(t.app, 'ship-create')) as Json;
      delete body.requestedShipment.totalWeight;
      const res = await call('ship-create', body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-sim-validation']).toBe('on');
      expect(res.headers['x-sim-warning']).toBe(
        "requestedShipment.totalWeight is required by the schema; accepted because the carrier's own samples omit it",
      );
    });

    it('answers 404 for a path outside the catalogue, and 400 for a body that is not an object', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/lab/sim/carrier/ship/v1/nothing',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('NOT.FOUND.ERROR');
      const arr = await t.app.inject({
        method: 'POST',
        url: '/lab/sim/carrier/ship/v1/shipments',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '[1]',
      });
      expect(arr.statusCode).toBe(400);
      expect(arr.json().errors[0].code).toBe('INVALID.INPUT.EXCEPTION');
    });
  });

  it('answers every enabled catalogue endpoint with a reply its response schema accepts (conformance)', async () => {
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    // Confirming or deleting the sample open shipment closes it: those two go last.
    const last = ['open-ship-confirm', 'open-ship-delete'];
    const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled);
    const ordered = [
      ...enabled.filter((e) => !last.includes(e.id)),
      ...last.map((id) => enabled.find((e) => e.id === id)!),
    ];
    for (const endpoint of ordered) {
      const res = await call(endpoint, await twinSample(t.app, endpoint.id));
      statuses[endpoint.id] = res.statusCode;
      expect(res.headers['x-sim-repaired'], endpoint.id).toBeUndefined();
      if (!endpoint.operation) continue;
      const validate = responseValidator(
        endpoint.operation.document,
        endpoint.method,
        endpoint.operation.path,
        res.statusCode,
      );
      if (!validate) failures.push(`${endpoint.id}: status ${res.statusCode} is not in the document`);
      else if (!validate(res.json())) failures.push(`${endpoint.id}: ${JSON.stringify(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    // Changing one package of an open shipment names a package the sample cannot know, a
    // confirmed open shipment cannot be deleted, and the sample's tracking number was never
    // created, so it cannot be cancelled, nor a notification registered or a proof of delivery
    // drawn for it; the samples' job ids, pickup code and tag were never handed out either
    // (noCannedReply.test.ts calls each with state it made); everything else succeeds.
    const notOk = Object.fromEntries(Object.entries(statuses).filter(([, s]) => s >= 300));
    expect(notOk).toEqual({
      'ship-cancel': 400,
      'ship-results': 400,
      'pickup-cancel': 400,
      'tag-cancel': 400,
      'track-documents': 404,
      'track-notifications': 404,
      'open-ship-packages-modify': 400,
      'open-ship-packages-delete': 400,
      'open-ship-delete': 400,
      'open-ship-results': 400,
    });
  }, 60_000);

  describe('shipments', () => {
    it('creates, tracks and cancels consistently: check digits, labels, scan history, cancel once', async () => {
      const body = (await twinSample(t.app, 'ship-create')) as Json;
      body.requestedShipment.requestedPackageLineItems.push({ weight: { units: 'LB', value: 3 } });
      const created = await call('ship-create', body);
      expect(created.statusCode).toBe(200);
      const shipment = created.json().output.transactionShipments[0];
      const numbers: string[] = shipment.pieceResponses.map((p: Json) => p.trackingNumber);
      expect(numbers).toHaveLength(2);
      for (const n of numbers) expect(isValidExpressTracking(n)).toBe(true);
      expect(shipment.masterTrackingNumber).toBe(numbers[0]);
      const label = Buffer.from(shipment.pieceResponses[0].packageDocuments[0].encodedLabel, 'base64');
      expect(label.subarray(0, 5).toString()).toBe('%PDF-');
      expect(shipment.pieceResponses[0].packageDocuments[0]).toMatchObject({ contentType: 'LABEL', docType: 'PDF' });

      const trackBoth = () =>
        call('track-tracking-numbers', {
          includeDetailedScans: true,
          trackingInfo: [
            { trackingNumberInfo: { trackingNumber: numbers[1] } },
            { trackingNumberInfo: { trackingNumber: '123456789012' } },
          ],
        });
      // At creation only the label is created; past the delivery date the whole plan has happened.
      const fresh = (await trackBoth()).json().output.completeTrackResults[0].trackResults[0];
      expect(fresh.latestStatusDetail).toMatchObject({
        code: 'OC',
        derivedCode: 'OC',
        statusByLocale: 'Label created',
      });
      expect(fresh.scanEvents.map((e: Json) => e.eventType)).toEqual(['OC']);
      const clock = servicesOf(t.app).simClock;
      await clock.advance('sandbox', 30 * 86_400_000);
      await clock.settled();
      const tracked = await trackBoth();
      const [mine, unknown] = tracked.json().output.completeTrackResults;
      const result = mine.trackResults[0];
      expect(result.latestStatusDetail).toMatchObject({ code: 'DL', derivedCode: 'DL', statusByLocale: 'Delivered' });
      expect(result.scanEvents.map((e: Json) => e.eventType)).toEqual(['DL', 'OD', 'AR', 'DP', 'AR', 'DP', 'PU', 'OC']);
      expect(result.scanEvents[0].scanLocation).toMatchObject({ city: 'BEVERLY HILLS', stateOrProvinceCode: 'CA' });
      expect(unknown.trackResults[0].error).toEqual({
        code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
        message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
      });

      const cancel = () => call('ship-cancel', cancelRequest(numbers[0]!));
      const first = await cancel();
      expect(first.statusCode).toBe(200);
      expect(first.json().output).toMatchObject({ cancelledShipment: true });
      const second = await cancel();
      expect(second.statusCode).toBe(400);
      expect(second.json().errors[0].code).toBe('SHIPMENT.ALREADY.CANCELLED');
      const after = await call('track-tracking-numbers', {
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: numbers[0] } }],
      });
      expect(after.json().output.completeTrackResults[0].trackResults[0].scanEvents[0].eventType).toBe('CA');
    });

    it('returns the commercial invoice the request asks for, inline or as a URL, and nothing it does not ask for', async () => {
      const intl = (await twinSample(t.app, 'ship-create')) as Json;
      const rs = intl.requestedShipment;
      toShenzhen(rs);
      rs.customsClearanceDetail = customs(
        [{ ...commodity('Cotton shirts', 10.1, 3), harmonizedCode: '610510' }, commodity('Mugs', 0.2, 2)],
        { commercialInvoice: { shipmentPurpose: 'GIFT' } },
      );
      rs.shippingDocumentSpecification = {
        shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
        commercialInvoiceDetail: { documentFormat: { stockType: 'PAPER_LETTER', docType: 'PDF' } },
      };
      const res = await call('ship-create', intl);
      expect(res.json().errors).toBeUndefined();
      expect(res.statusCode).toBe(200);
      const shipment = res.json().output.transactionShipments[0];
      expect(shipment.shipmentDocuments).toHaveLength(1);
      const [doc] = shipment.shipmentDocuments;
      expect(doc).toMatchObject({
        contentType: 'COMMERCIAL_INVOICE',
        docType: 'PDF',
        trackingNumber: shipment.masterTrackingNumber,
      });
      const pdf = await PDFDocument.load(Buffer.from(doc.encodedLabel, 'base64'));
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(`Commercial invoice ${shipment.masterTrackingNumber}`);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

      intl.labelResponseOptions = 'URL_ONLY';
      const byUrl = (await call('ship-create', intl)).json().output.transactionShipments[0];
      const linked = byUrl.shipmentDocuments[0];
      expect(linked.encodedLabel).toBeUndefined();
      expect(linked.url).toBe(`http://localhost:80/lab/sim/carrier/labels/${byUrl.masterTrackingNumber}-invoice.pdf`);
      const served = await t.app.inject({
        method: 'GET',
        url: `/lab/sim/carrier/labels/${byUrl.masterTrackingNumber}-invoice.pdf`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const wrong = await t.app.inject({
        method: 'GET',
        url: `/lab/sim/carrier/labels/${byUrl.masterTrackingNumber}-invoice.png`,
      });
      expect(wrong.statusCode).toBe(404);

      delete rs.shippingDocumentSpecification;
      const none = (await call('ship-create', intl)).json().output.transactionShipments[0];
      expect(none.shipmentDocuments).toBeUndefined();
    });

    it('draws PNG labels at the stock size, ZPLII as base64 ZPL, and serves URL_ONLY labels', async () => {
      const png = (await twinSample(t.app, 'ship-create')) as Json;
      png.requestedShipment.labelSpecification = { imageType: 'PNG', labelStockType: 'STOCK_4X675' };
      const pngRes = await call('ship-create', png);
      const pngLabel = Buffer.from(
        pngRes.json().output.transactionShipments[0].pieceResponses[0].packageDocuments[0].encodedLabel,
        'base64',
      );
      expect(pngDimensions(pngLabel)).toEqual({ width: 813, height: 1372 });

      const zpl = (await twinSample(t.app, 'ship-create')) as Json;
      zpl.requestedShipment.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };
      const zplRes = await call('ship-create', zpl);
      const piece = zplRes.json().output.transactionShipments[0].pieceResponses[0];
      const text = Buffer.from(piece.packageDocuments[0].encodedLabel, 'base64').toString();
      expect(text.startsWith('^XA')).toBe(true);
      expect(text).toContain(`^FD>;${piece.trackingNumber}^FS`);

      const url = (await twinSample(t.app, 'ship-create')) as Json;
      url.labelResponseOptions = 'URL_ONLY';
      const urlRes = await call('ship-create', url);
      const doc = urlRes.json().output.transactionShipments[0].pieceResponses[0].packageDocuments[0];
      expect(doc.encodedLabel).toBeUndefined();
      expect(doc.url).toBe(`http://localhost:80/lab/sim/carrier/labels/${doc.trackingNumber}.pdf`);
      const served = await t.app.inject({ method: 'GET', url: `/lab/sim/carrier/labels/${doc.trackingNumber}.pdf` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('runs open shipments as a state machine: create → modify → add package → confirm, then closed', async () => {
      const index = 'LAB-OPEN-STATE';
      const create = (await twinSample(t.app, 'open-ship-create')) as Json;
      create.index = index;
      const created = await call('open-ship-create', create);
      expect(created.statusCode).toBe(200);
      expect(created.json().output.index).toBe(index);
      expect((await call('open-ship-create', create)).json().errors[0].code).toBe('OPENSHIPMENT.INDEX.EXISTS');

      const modify = (await twinSample(t.app, 'open-ship-modify')) as Json;
      modify.index = index;
      const modified = await call('open-ship-modify', modify);
      expect(modified.json().output.transactionShipments[0].serviceType).toBe('STANDARD_OVERNIGHT');

      const add = (await twinSample(t.app, 'open-ship-packages-add')) as Json;
      add.index = index;
      const added = await call('open-ship-packages-add', add);
      const pieces = added.json().output.transactionShipments[0].pieceResponses;
      expect(pieces).toHaveLength(2);

      const confirm = (await twinSample(t.app, 'open-ship-confirm')) as Json;
      confirm.index = index;
      const confirmed = await call('open-ship-confirm', confirm);
      expect(confirmed.statusCode).toBe(200);
      const confirmedPieces = confirmed.json().output.transactionShipments[0].pieceResponses;
      expect(confirmedPieces.map((p: Json) => p.trackingNumber)).toEqual(pieces.map((p: Json) => p.trackingNumber));
      expect(confirmedPieces[0].packageDocuments[0].encodedLabel).toEqual(expect.any(String));
      // Rated like a created shipment: delivered business days after its ship date, never on it.
      const shipDate = confirmed.json().output.transactionShipments[0].shipDatestamp ?? '';
      for (const piece of confirmedPieces) {
        expect(piece.deliveryDatestamp > shipDate, `${piece.deliveryDatestamp} after ${shipDate}`).toBe(true);
        expect([0, 6]).not.toContain(new Date(`${piece.deliveryDatestamp}T12:00:00Z`).getUTCDay());
      }

      const again = await call('open-ship-modify', modify);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toEqual({
        code: 'OPENSHIPMENT.CONFIRMED',
        message: `The open shipment ${index} is already confirmed and cannot be changed.`,
      });
      const tracked = await call('track-tracking-numbers', {
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: pieces[1].trackingNumber } }],
      });
      expect(tracked.json().output.completeTrackResults[0].trackResults[0].error).toBeUndefined();
      const missing = (await twinSample(t.app, 'open-ship-modify')) as Json;
      missing.index = 'NEVER-CREATED';
      expect((await call('open-ship-modify', missing)).json().errors[0].code).toBe('OPENSHIPMENT.INDEX.NOTFOUND');
    });
  });

  describe('lookups, account and uploads', () => {
    it('finds real cities near a postal code, with distances and coordinates', async () => {
      const res = await call('locations', await twinSample(t.app, 'locations'));
      const out = res.json().output;
      expect(out.matchedAddress).toMatchObject({ city: 'Memphis', stateOrProvinceCode: 'TN', countryCode: 'US' });
      expect(out.locationDetailList.length).toBeGreaterThan(1);
      const first = out.locationDetailList[0];
      expect(first.distance.units).toBe('MI');
      expect(first.distance.value).toBeLessThan(25);
      expect(Math.abs(first.geoPositionalCoordinates.latitude - 35.1)).toBeLessThan(0.5);
      const distances = out.locationDetailList.map((l: Json) => l.distance.value);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });

    it('validates postal codes from our postal data', async () => {
      const ok = await call('postal-validate', await twinSample(t.app, 'postal-validate'));
      expect(ok.json().output).toMatchObject({
        countryCode: 'US',
        stateOrProvinceCode: 'TN',
        cleanedPostalCode: '38125',
      });
      const bad = (await twinSample(t.app, 'postal-validate')) as Json;
      bad.postalCode = '00000';
      const res = await call('postal-validate', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('POSTALCODE.INVALID');
    });

    it('checks account numbers with the account check rule (no document: not validated)', async () => {
      const ok = await call('account-validate', await twinSample(t.app, 'account-validate'));
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-sim-validation']).toBe('off: no published document for this endpoint');
      expect(ok.json().output.allowedCarriers).toEqual(['FEDEX_EXPRESS', 'FEDEX_GROUND', 'FEDEX_FREIGHT']);
      const bad = await call('account-validate', { accountNumber: { value: '740561070' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        {
          code: 'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
          message: 'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.',
        },
      ]);
    });

    it('echoes docId and imageIndex for the multipart uploads', async () => {
      const etd = await call('etd-upload', await twinSample(t.app, 'etd-upload'));
      expect(etd.statusCode).toBe(201);
      expect(etd.json().output.meta.docId).toMatch(/^09[0-9a-f]{14}$/);
      const image = (await twinSample(t.app, 'image-upload')) as Json;
      image.document.meta.imageIndex = 'IMAGE_3';
      const res = await call('image-upload', image);
      expect(res.statusCode).toBe(201);
      expect(res.json().output).toMatchObject({
        meta: { imageType: 'SIGNATURE', imageIndex: 'IMAGE_3' },
        documentReferenceId: 'LAB-LOGO-1',
      });
    });

    it('answers a pickup cancel from the stored pickups: the code create pickup handed out, once', async () => {
      const created = await call('pickup-create', await twinSample(t.app, 'pickup-create'));
      expect(created.statusCode).toBe(200);
      const code = created.json().output.pickupConfirmationCode as string;
      const cancel = { ...((await twinSample(t.app, 'pickup-cancel')) as Json), pickupConfirmationCode: code };
      const res = await call('pickup-cancel', cancel);
      expect(res.statusCode).toBe(200);
      expect(res.json().customerTransactionId).toBe('lab-test-1');
      expect(res.json().output.pickupConfirmationCode).toBe(code);
      const again = await call('pickup-cancel', cancel);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual([
        { code: 'PICKUP.ALREADY.CANCELLED', message: `The pickup ${code} is already cancelled.` },
      ]);
      const unknown = await call('pickup-cancel', { ...cancel, pickupConfirmationCode: '999999' });
      expect(unknown.json().errors).toEqual([
        { code: 'PICKUP.CONFIRMATIONNUMBER.INVALID', message: 'No pickup with confirmation code 999999.' },
      ]);
    });
  });

  it('says so when no document is imported, and still answers', async () => {
    const bare = await buildTestApp(dialect, { simSeed: 42 });
    try {
      const status = await bare.app.inject({ method: 'GET', url: '/lab/sim/carrier/status' });
      expect(status.json()).toMatchObject({ validation: 'off', documents: 0 });
      // Valid for the rules (rules.ts), not for the schema: an unknown pickup type.
      const bad = (await twinSample(bare.app, 'ship-create')) as Json;
      bad.requestedShipment.pickupType = 'TELEPORT';
      const res = await twinCall(
        bare.app,
        await twinToken(bare.app, { clientId: 'k', secret: 's' }),
        '/ship/v1/shipments',
        bad,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-sim-validation']).toBe('off: no OpenAPI document ship--Shipment-Resource imported');
      // Same seed, same first tracking number as any other simulator started with it.
      const again = await buildTestApp(dialect, { simSeed: 42 });
      try {
        const token2 = await twinToken(again.app, { clientId: 'k', secret: 's' });
        const res2 = await twinCall(again.app, token2, '/ship/v1/shipments', bad);
        const first = (r: typeof res) => r.json().output.transactionShipments[0].masterTrackingNumber;
        expect(first(res2)).toBe(first(res));
      } finally {
        await again.close();
      }
    } finally {
      await bare.close();
    }
  });

  it('reports validation on in its status once the documents are imported', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lab/sim/carrier/status' });
    expect(res.json()).toMatchObject({ validation: 'on', documents: 24, missingDocuments: [], seeded: true });
  });
});

describe('carrier simulator tokens', () => {
  it('name the client they were issued to (its line in the render pool); a forged one names none', () => {
    const state = new SimState({ seed: 1, tokenTtlSeconds: 3600 });
    const token = state.issueToken('lab-key');
    expect(state.tokenClient(`Bearer ${token}`)).toBe('lab-key');
    const [sim, expires, , environment, grant, signature] = token.split('.');
    const forged = [sim, expires, Buffer.from('other-key').toString('base64url'), environment, grant, signature].join(
      '.',
    );
    expect(state.checkToken(`Bearer ${forged}`)).toBe('invalid');
    expect(state.tokenClient(`Bearer ${forged}`)).toBe('');
    expect(state.tokenClient(undefined)).toBe('');
  });

  it('carry the environment that issued them, signed: good there only', () => {
    const state = new SimState({ seed: 1, tokenTtlSeconds: 3600 });
    const sandbox = `Bearer ${state.issueToken('k', 'sandbox')}`;
    const production = `Bearer ${state.issueToken('k', 'production')}`;
    expect(state.checkToken(sandbox, 'sandbox')).toBe('ok');
    expect(state.checkToken(sandbox, 'production')).toBe('other-environment');
    expect(state.checkToken(production, 'production')).toBe('ok');
    expect(state.checkToken(production, 'sandbox')).toBe('other-environment');
    const relabelled = production.replace('.production.', '.sandbox.');
    expect(state.checkToken(relabelled, 'sandbox')).toBe('invalid');
  });
});
