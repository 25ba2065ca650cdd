import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeShipmentData } from '@lab/core/carrier/label';
import type { LabelCheckReply } from '@lab/core/contract';
import { labelPixelSize } from '@lab/core/labels';
import { extractZplData, lintZpl } from '@lab/core/labels/zpl';
import { isValidExpressTracking } from '@lab/core/shipping';
import {
  buildShipPayload,
  defaultShipPayloadState,
  type PartyInput,
  type ShipPayloadState,
} from '@lab/core/shipping/payload';
import { servicesOf } from '../../app.js';
import { dialectsFor, type TestApp } from '../../test/helpers.js';
import { rawRequest } from '../../test/http.js';
import { gatewayClient } from '../../test/simulators.js';
import { multipart } from '../../test/multipart.js';

/** Real places (city, state, postal code, country) a shipment may start or end at. */
const PLACES: Omit<PartyInput, 'personName' | 'companyName' | 'phoneNumber' | 'streetLines'>[] = [
  { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38118', countryCode: 'US' },
  { city: 'Beverly Hills', stateOrProvinceCode: 'CA', postalCode: '90210', countryCode: 'US' },
  { city: 'New York', stateOrProvinceCode: 'NY', postalCode: '10001', countryCode: 'US' },
  { city: 'Chicago', stateOrProvinceCode: 'IL', postalCode: '60601', countryCode: 'US' },
  { city: 'Seattle', stateOrProvinceCode: 'WA', postalCode: '98101', countryCode: 'US' },
  { city: 'Toronto', stateOrProvinceCode: 'ON', postalCode: 'M5V 2T6', countryCode: 'CA' },
  { city: 'Shenzhen', stateOrProvinceCode: 'GD', postalCode: '518057', countryCode: 'CN' },
  { city: 'Berlin', stateOrProvinceCode: '', postalCode: '10115', countryCode: 'DE' },
  { city: 'Milano', stateOrProvinceCode: 'MI', postalCode: '20122', countryCode: 'IT' },
];

const word = fc.stringMatching(/^[A-Z][a-z]{1,9}$/);
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const party: fc.Arbitrary<PartyInput> = fc.record({
  personName: name,
  companyName: fc.oneof(
    fc.constant(''),
    name.map((n) => `${n} Inc`),
  ),
  phoneNumber: fc.stringMatching(/^[1-9][0-9]{9}$/),
  streetLines: fc.tuple(
    fc.tuple(fc.integer({ min: 1, max: 9999 }), word).map(([n, w]) => `${n} ${w} St`),
    fc.constantFrom('', 'Suite 200', '3rd Floor'),
    fc.constant(''),
  ),
  city: fc.constant(''),
  stateOrProvinceCode: fc.constant(''),
  postalCode: fc.constant(''),
  countryCode: fc.constant(''),
});
const placed = fc.tuple(party, fc.constantFrom(...PLACES)).map(([p, place]) => ({ ...p, ...place }));

/** Valid create-shipment requests from the payload generator: its state with random parties, packages and label options. */
const shipRequest: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    shipper: placed,
    recipient: placed,
    domesticService: fc.constantFrom('PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'FEDEX_2_DAY', 'FEDEX_GROUND'),
    internationalService: fc.constantFrom('FEDEX_INTERNATIONAL_PRIORITY', 'INTERNATIONAL_ECONOMY'),
    packages: fc.array(
      fc.record({
        weight: fc.integer({ min: 1, max: 60 }).map(String),
        // Inside the per-piece limits of the business rules (length + girth ≤ 330 cm = 129.9 in).
        length: fc.integer({ min: 5, max: 48 }),
        width: fc.integer({ min: 5, max: 20 }),
        height: fc.integer({ min: 5, max: 20 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    references: fc.array(fc.stringMatching(/^[A-Z0-9-]{1,20}$/), { maxLength: 2 }),
    stock: fc.constantFrom('PAPER_4X6', 'STOCK_4X6', 'STOCK_4X675_LEADING_DOC_TAB', 'STOCK_4X675_TRAILING_DOC_TAB'),
    docTabContentType: fc.constantFrom('STANDARD', 'MINIMUM', 'BARCODED'),
    maskedData: fc.subarray(['SHIPPER_ACCOUNT_NUMBER', 'TOTAL_WEIGHT', 'DIMENSIONS', 'SECONDARY_BARCODE']),
    orientation: fc.constantFrom('TOP_EDGE_OF_TEXT_FIRST', 'BOTTOM_EDGE_OF_TEXT_FIRST'),
  })
  .map((r) => {
    const base = defaultShipPayloadState(new Date(), '740561075');
    const domestic = r.shipper.countryCode === r.recipient.countryCode;
    const state: ShipPayloadState = {
      ...base,
      imageType: 'ZPLII',
      labelResponseOptions: 'LABEL',
      labelStockType: r.stock,
      docTabEnabled: r.stock.includes('DOC_TAB'),
      docTabContentType: r.docTabContentType,
      maskedData: r.maskedData,
      labelPrintingOrientation: r.orientation,
      weightUnits: 'LB',
      dimensionUnits: 'IN',
      shipper: r.shipper,
      recipient: r.recipient,
      serviceType: domestic ? r.domesticService : r.internationalService,
      packages: r.packages,
      references: r.references.map((value) => ({ type: 'CUSTOMER_REFERENCE', value })),
      etdRequestedDocumentTypes: [],
      specialServices: [],
      commodities: base.commodities.map((c) => ({ ...c, countryOfManufacture: r.shipper.countryCode })),
    };
    return buildShipPayload(state).payload;
  });

// Dialect-neutral: the carrier simulator's state and labels; the SQL it reaches is covered elsewhere.
describe.each(dialectsFor('dialect-neutral'))('the carrier twin through the gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    let token: string;
    ({ t, base, token } = await gatewayClient(
      dialect,
      { openApiRecheckMs: 0, simSeed: 28 },
      { imported: true, client: { clientId: 'twin-key', secret: 'twin-secret' } },
    ));
    auth = { 'x-upstream-authorization': `Bearer ${token}`, 'content-type': 'application/json' };
  });

  afterAll(() => t?.close());

  it("answers random valid ship requests with conformant replies whose labels carry the request's recipient and the reply's tracking numbers", async () => {
    const openApi = servicesOf(t.app).openApi;
    const found = await openApi.store.getOperation('ship--Shipment-Resource', 'POST', '/ship/v1/shipments');
    expect(found).toBeDefined();
    const checker = openApi.checkerFor(found!.document, found!.operation);
    await fc.assert(
      fc.asyncProperty(shipRequest, async (request) => {
        expect(checker.check(request).errors).toEqual([]);
        const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
          headers: auth,
          body: JSON.stringify(request),
        });
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        const reply = res.json();
        const validate = checker.response(200)!;
        expect(validate(reply), JSON.stringify(validate.errors)).toBe(true);
        expect(res.headers['x-sim-repaired']).toBeUndefined();

        const rs = request.requestedShipment as Record<string, any>;
        const to = rs.recipients[0];
        const shipment = reply.output.transactionShipments[0];
        expect(shipment.pieceResponses).toHaveLength(rs.requestedPackageLineItems.length);
        for (const piece of shipment.pieceResponses) {
          expect(isValidExpressTracking(piece.trackingNumber)).toBe(true);
          const zpl = Buffer.from(piece.packageDocuments[0].encodedLabel, 'base64').toString('utf8');
          expect(lintZpl(zpl)).toEqual([]);
          const fields = extractZplData(zpl)[0]!.fields;
          const printed = fields.map((f) => f.data);
          expect(printed).toContain(to.contact.personName);
          expect(printed.some((p) => p.startsWith(to.address.city))).toBe(true);
          expect(printed.some((p) => p.startsWith(to.address.postalCode))).toBe(true);
          expect(printed).toContain(piece.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
          expect(printed).toContain(`>;${piece.trackingNumber}`);
          const symbol = fields.find((f) => f.symbology === 'PDF417');
          const masked: string[] = rs.labelSpecification.customerSpecifiedDetail?.maskedData ?? [];
          if (masked.includes('SECONDARY_BARCODE')) expect(symbol).toBeUndefined();
          else
            expect(decodeShipmentData(symbol!.data)).toMatchObject({
              trackingNumber: piece.trackingNumber,
              destinationPostalCode: to.address.postalCode,
              shipperAccount: masked.includes('SHIPPER_ACCOUNT_NUMBER') ? '' : '740561075',
            });
          expect(zpl).toContain(
            rs.labelSpecification.labelPrintingOrientation === 'BOTTOM_EDGE_OF_TEXT_FIRST' ? '^POI' : '^PON',
          );
          expect(zpl).toContain(rs.labelSpecification.labelStockType.includes('4X675') ? '^LL1370' : '^LL1218');
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("passes our own label check: every symbol decodes to its data, the reply's tracking number and check digit matched", async () => {
    const samples = fc.sample(shipRequest, { numRuns: 3, seed: 29 });
    for (const request of samples) {
      const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
        headers: auth,
        body: JSON.stringify(request),
      });
      expect(res.status, JSON.stringify(res.json())).toBe(200);
      const reply = res.json();
      const rs = request.requestedShipment as Record<string, any>;
      const size = rs.labelSpecification.labelStockType.includes('4X675') ? '4x6.75' : '4x6';
      for (const piece of reply.output.transactionShipments[0].pieceResponses) {
        const zpl = Buffer.from(piece.packageDocuments[0].encodedLabel, 'base64');
        const form = multipart([
          { name: 'file', value: zpl, filename: 'label.zpl' },
          { name: 'reply', value: JSON.stringify(reply) },
          { name: 'trackingNumber', value: piece.trackingNumber },
        ]);
        const checked = await rawRequest(base, 'POST', `/lab/api/labels/v1/printers/8dpmm/labels/${size}/check`, {
          headers: { 'content-type': form.contentType },
          body: form.body,
        });
        expect(checked.status, JSON.stringify(checked.json())).toBe(200);
        const result = checked.json() as LabelCheckReply;
        expect(result.verdict, JSON.stringify(result.labels[0]?.symbols)).toBe('pass');
        const label = result.labels[0]!;
        expect(label.symbols.length).toBeGreaterThan(0);
        for (const symbol of label.symbols) expect(symbol.verdict).toBe('pass');
        // Found in a symbol that carries it (the Code 128, or the PDF417's shipment data).
        expect(label.shipment![0]).toMatchObject({ item: 'trackingNumber', ok: true });
        expect(label.shipment![0]!.found).toContain(piece.trackingNumber);
        expect(label.shipment![1]).toMatchObject({ item: 'checkDigit', ok: true });
      }
    }
  }, 120_000);

  it('draws EPL2 labels as EPL2, PNG labels turned by labelRotation', async () => {
    const [request] = fc.sample(shipRequest, { numRuns: 1, seed: 5 });
    const rs = request!.requestedShipment as Record<string, any>;
    rs.labelSpecification.imageType = 'EPL2';
    const epl = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
      headers: auth,
      body: JSON.stringify(request),
    });
    expect(epl.status).toBe(200);
    const doc = epl.json().output.transactionShipments[0].pieceResponses[0].packageDocuments[0];
    expect(doc.docType).toBe('EPL2');
    const text = Buffer.from(doc.encodedLabel, 'base64').toString('utf8');
    expect(text.startsWith('\nN\nq812\n')).toBe(true);
    expect(text).not.toContain('^XA');
    expect(text).toContain(`"${rs.recipients[0].contact.personName}"`);

    rs.labelSpecification.imageType = 'PNG';
    rs.labelSpecification.labelStockType = 'PAPER_4X6';
    rs.labelSpecification.labelRotation = 'LEFT';
    const png = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
      headers: auth,
      body: JSON.stringify(request),
    });
    expect(png.status).toBe(200);
    const image = Buffer.from(
      png.json().output.transactionShipments[0].pieceResponses[0].packageDocuments[0].encodedLabel,
      'base64',
    );
    // A 4 × 6 label at 8 dpmm turned a quarter: as wide as the label is high (PNG header: width, height at bytes 16 and 20).
    const upright = labelPixelSize({ widthIn: 4, heightIn: 6 }, 8);
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([upright.height, upright.width]);
  }, 60_000);
});
