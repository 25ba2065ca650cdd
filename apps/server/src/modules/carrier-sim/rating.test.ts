import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample, endpointById } from '@lab/core/carrier';
import { serviceRuns, SERVICES, servicesOnLane, serviceTerms } from './tariff/services.js';
import { dayOfWeek } from './tariff/transit.js';
import { buildTestApp, dialectsFor, labModulesWithServices, type TestApp } from '../../test/helpers.js';
import { manualClock, recordingSender } from './testClock.js';
import { twinCall, twinToken } from '../../test/simulators.js';
import { commodity, customs } from './testShipments.js';

type Json = Record<string, any>;

const MEMPHIS_DOWNTOWN = { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38103', countryCode: 'US' };
const PARIS = { city: 'Paris', postalCode: '75001', countryCode: 'FR' };
/** The lane's services as the tariff model lists them (pinned in tariff/tariff.test.ts). */
/** The parcel services within the US (freight needs a heavier shipment than these tests send). */
const DOMESTIC_SERVICES = servicesOnLane('domestic', 'US', 'US')
  .filter((s) => s.minShipmentKg === undefined)
  .map((s) => s.serviceType);
const INTERNATIONAL_MESSAGE = {
  code: 'SERVICE.TYPE.INTERNATIONAL.MESSAGE',
  message:
    'Rate does not include duties & taxes, clearance entry fees or other import fees. The payor of duties/taxes/fees will be responsible for any applicable Clearance Entry Fees.',
};

/** The document's example values the twin must never answer. */
const PLACEHOLDERS = ['445.54', 'TaxType', '2010-03-04', 'content key', '"harmonizedCode"', 'quoteNumber'];

const cents = (n: number) => Math.round(n * 100);

/** Wednesday 18 November 2026, 09:00 UTC: the twin's clock in these tests (ship dates are judged against it). */
const START = Date.UTC(2026, 10, 18, 9, 0, 0);
const TODAY = '2026-11-18';

/** Goods to clear customs: one book worth 20 USD. */
const BOOKS = customs([commodity('Books', 20)]);

// Dialect-neutral: the twin's rating reads the OpenAPI store and the postal data, covered on both dialects elsewhere.
describe.each(dialectsFor('dialect-neutral'))('carrier twin rates, availability and places (%s)', (dialect) => {
  let t: TestApp;
  let token: string;

  const call = async (id: string, body: unknown) => {
    const e = endpointById(id)!;
    const res = await twinCall(t.app, token, e.path, body, {
      method: e.method,
      headers: { 'x-customer-transaction-id': 'rating-1' },
    });
    // The simulator checks its replies against the response schema: nothing may need repairing.
    expect(res.headers['x-sim-repaired'], id).toBeUndefined();
    expect(res.headers['x-sim-validation'], id).toBe('on');
    return res;
  };

  const rateRequest = (rs: Json = {}, extra: Json = {}) => {
    const body = defaultSample('rate-quotes', TODAY) as Json;
    body.requestedShipment = { ...body.requestedShipment, shipDateStamp: '2026-11-19', ...rs };
    return { ...body, ...extra };
  };

  beforeAll(async () => {
    const clock = manualClock(START);
    const sender = recordingSender();
    t = await buildTestApp(
      dialect,
      { openApiRecheckMs: 0, simSeed: 42 },
      {
        imported: true,
        modules: labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => sender }),
      },
    );
    token = await twinToken(t.app, { clientId: 'rating', secret: 's' });
  });

  afterAll(() => t.close());

  describe('rate quotes', () => {
    it('quote every domestic service from the tariff model: names, USD, no duties message, no placeholders', async () => {
      const res = await call('rate-quotes', rateRequest());
      expect(res.statusCode).toBe(200);
      const out = res.json().output;
      for (const p of PLACEHOLDERS) expect(JSON.stringify(res.json())).not.toContain(p);
      expect(out.quoteDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const details: Json[] = out.rateReplyDetails;
      expect(details.map((d) => d.serviceType)).toEqual(DOMESTIC_SERVICES);
      expect(details.map((d) => d.serviceName)).toContain('FedEx Priority Overnight®');
      for (const d of details) {
        expect(d.customerMessages).toBeUndefined();
        // The sample asks for LIST and ACCOUNT rates; both in the US account's currency.
        expect(d.ratedShipmentDetails.map((r: Json) => [r.rateType, r.currency])).toEqual([
          ['LIST', 'USD'],
          ['ACCOUNT', 'USD'],
        ]);
      }
      // Memphis 38125 → Beverly Hills 90212 is ~2,600 km (≈ 1,615 miles): zone 7 (175 %). The sample
      // weighs in LB, so it is rated and answered in LB: 12 lb billable (no dimensions in the sample),
      // priced per kg: (54.00 + 2.60 × 12 lb × 0.45359237 × 2) × 175 % = 144.03, fuel 14.50 % = 20.88.
      const priority = details.find((d) => d.serviceType === 'PRIORITY_OVERNIGHT')!;
      const account = priority.ratedShipmentDetails[1];
      expect(account).toMatchObject({
        rateType: 'ACCOUNT',
        ratedWeightMethod: 'ACTUAL',
        totalBaseCharge: 144.03,
        totalNetCharge: 164.91,
        totalNetFedExCharge: 164.91,
        totalDutiesAndTaxes: 0,
        totalNetChargeWithDutiesAndTaxes: 164.91,
        shipmentRateDetail: {
          rateZone: '07',
          dimDivisor: 139,
          fuelSurchargePercent: 14.5,
          totalSurcharges: 20.88,
          surCharges: [{ type: 'FUEL', description: 'Fuel Surcharge', level: 'PACKAGE', amount: 20.88 }],
          taxes: [],
          totalBillingWeight: { units: 'LB', value: 12 },
          totalDimWeight: { units: 'LB', value: 0 },
          currency: 'USD',
        },
      });
      expect(account.ratedPackages[0].packageRateDetail).toMatchObject({
        baseCharge: 144.03,
        totalSurcharges: 20.88,
        netCharge: 164.91,
        billingWeight: { units: 'LB', value: 12 },
      });
      expect(priority.operationalDetail).toMatchObject({
        serviceCode: '01',
        originServiceAreas: ['A3'],
        destinationServiceAreas: ['A9'],
        airportId: 'OAK',
        destinationPostalCode: '90212',
        transitTime: 'ONE_DAY',
        // Thursday 2026-11-19 + 1 business day, by 10:30.
        deliveryDate: '2026-11-20T10:30:00',
        deliveryDay: 'FRI',
      });
      // Transit times were not asked for: no commit block.
      expect(priority.commit).toBeUndefined();
    });

    it('quote only the service asked for, with its commitment when transit times are asked, skipping the weekend', async () => {
      const res = await call(
        'rate-quotes',
        rateRequest({ serviceType: 'FEDEX_GROUND' }, { rateRequestControlParameters: { returnTransitTimes: true } }),
      );
      expect(res.statusCode).toBe(200);
      const [ground, ...others] = res.json().output.rateReplyDetails;
      expect(others).toEqual([]);
      expect(ground.serviceName).toBe('FedEx Ground®');
      // Zone 7 by Ground: 5 business days after Thursday 2026-11-19, Thanksgiving (26th) skipped → Friday 2026-11-27.
      expect(ground.commit).toEqual({
        daysInTransit: 'FIVE_DAYS',
        dateDetail: { dayOfWeek: 'FRI', dayFormat: '2026-11-27T23:59:00' },
        saturdayDelivery: false,
      });
    });

    it('cost more heavier and farther, through the simulator', async () => {
      const total = async (rs: Json) => {
        const res = await call('rate-quotes', rateRequest({ serviceType: 'FEDEX_2_DAY', ...rs }));
        return cents(res.json().output.rateReplyDetails[0].ratedShipmentDetails[1].totalNetCharge);
      };
      const sample = await total({});
      const heavier = await total({ requestedPackageLineItems: [{ weight: { units: 'LB', value: 40 } }] });
      const nearer = await total({ recipient: { address: MEMPHIS_DOWNTOWN } });
      expect(heavier).toBeGreaterThan(sample);
      expect(nearer).toBeLessThan(sample);
    });

    it('quote international services with duties estimated from the customs value, in the preferred currency when asked', async () => {
      const res = await call(
        'rate-quotes',
        rateRequest({
          recipient: { address: PARIS },
          rateRequestType: ['ACCOUNT', 'PREFERRED'],
          preferredCurrency: 'EUR',
          customsClearanceDetail: {
            commodities: [{ description: 'Watch', quantity: 1, customsValue: { amount: 1000, currency: 'USD' } }],
          },
        }),
      );
      expect(res.statusCode).toBe(200);
      const details: Json[] = res.json().output.rateReplyDetails;
      expect(details.map((d) => d.serviceType)).not.toContain('FEDEX_GROUND');
      expect(details.map((d) => d.serviceType)).toContain('FEDEX_INTERNATIONAL_PRIORITY');
      const priority = details.find((d) => d.serviceType === 'FEDEX_INTERNATIONAL_PRIORITY')!;
      expect(priority.customerMessages).toEqual([INTERNATIONAL_MESSAGE]);
      const [account, preferred] = priority.ratedShipmentDetails;
      // 1,000.00 USD: duty 6 % = 60.00, import tax 10 % of 1,060.00 = 106.00.
      expect(account.currency).toBe('USD');
      expect(account.totalDutiesAndTaxes).toBe(166);
      expect(account.shipmentRateDetail.taxes.map((x: Json) => [x.type, x.amount])).toEqual([
        ['DUTY', 60],
        ['VAT', 106],
      ]);
      expect(cents(account.totalNetChargeWithDutiesAndTaxes)).toBe(cents(account.totalNetCharge) + 16_600);
      expect(preferred.currency).toBe('EUR');
      expect(preferred.totalDutiesAndTaxes).toBe(152.72);
      // Memphis → Paris is ~7,300 km (zone 10): never delivered on the ship date.
      expect(priority.operationalDetail.deliveryDate > '2026-11-19T23:59:59').toBe(true);
      expect(priority.operationalDetail.airportId).toBe('CDG');
    });

    it('property: any lane, weight, size and rate types — conformant replies whose totals are the sum of their parts', async () => {
      const places = [
        { postalCode: '38103', countryCode: 'US' },
        { postalCode: '10001', countryCode: 'US' },
        { postalCode: '98101', countryCode: 'US' },
        PARIS,
        { city: 'Tokyo', postalCode: '100-0001', countryCode: 'JP' },
        { city: 'Toronto', postalCode: 'M5V 2T6', countryCode: 'CA' },
      ];
      const request = fc.record({
        recipient: fc.constantFrom(...places),
        serviceType: fc.option(fc.constantFrom(...SERVICES.map((x) => x.serviceType)), { nil: undefined }),
        weight: fc.record({
          units: fc.constantFrom('LB', 'KG'),
          value: fc.integer({ min: 1, max: 1500 }).map((n) => n / 10),
        }),
        dimensions: fc.option(
          fc.record({
            length: fc.integer({ min: 1, max: 60 }),
            width: fc.integer({ min: 1, max: 60 }),
            height: fc.integer({ min: 1, max: 60 }),
            units: fc.constantFrom('IN', 'CM'),
          }),
          { nil: undefined },
        ),
        rateRequestType: fc.subarray(['ACCOUNT', 'LIST', 'PREFERRED']),
        customsValue: fc.integer({ min: 0, max: 500_000 }).map((n) => n / 100),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const international = r.recipient.countryCode !== 'US';
          const res = await call(
            'rate-quotes',
            rateRequest({
              recipient: { address: r.recipient },
              ...(r.serviceType ? { serviceType: r.serviceType } : {}),
              rateRequestType: r.rateRequestType,
              preferredCurrency: 'EUR',
              requestedPackageLineItems: [{ weight: r.weight, ...(r.dimensions ? { dimensions: r.dimensions } : {}) }],
              customsClearanceDetail: {
                commodities: [
                  { description: 'Goods', quantity: 1, customsValue: { amount: r.customsValue, currency: 'USD' } },
                ],
              },
            }),
          );
          const runs = (serviceType: string) => serviceRuns(serviceTerms(serviceType)!, 'US', r.recipient.countryCode);
          if (r.serviceType && !runs(r.serviceType)) {
            expect(res.statusCode).toBe(400);
            expect(res.json().errors[0].code).toBe('SERVICE.LANE.NOTAVAILABLE');
            return;
          }
          const kg = r.weight.value * (r.weight.units === 'KG' ? 1 : 0.45359237);
          const minimum = r.serviceType ? serviceTerms(r.serviceType)!.minShipmentKg : undefined;
          if (minimum !== undefined && kg < minimum) {
            expect(res.statusCode).toBe(400);
            expect(res.json().errors[0].code).toBe('SERVICE.WEIGHT.BELOWMINIMUM');
            return;
          }
          expect(res.statusCode).toBe(200);
          for (const d of res.json().output.rateReplyDetails as Json[]) {
            expect(runs(d.serviceType), d.serviceType).toBe(true);
            // Freight only from its minimum weight; the answer weighs in the request's units.
            expect(kg >= (serviceTerms(d.serviceType)!.minShipmentKg ?? 0), d.serviceType).toBe(true);
            expect(d.ratedShipmentDetails[0].shipmentRateDetail.totalBillingWeight.units).toBe(r.weight.units);
            expect(d.customerMessages === undefined).toBe(!international);
            expect(d.operationalDetail.deliveryDate > '2026-11-19T23:59:59').toBe(true);
            for (const rated of d.ratedShipmentDetails as Json[]) {
              const packages = rated.ratedPackages.map((p: Json) => p.packageRateDetail);
              const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
              expect(cents(rated.totalBaseCharge)).toBe(sum(packages.map((p: Json) => cents(p.baseCharge))));
              expect(cents(rated.totalNetCharge)).toBe(sum(packages.map((p: Json) => cents(p.netCharge))));
              expect(cents(rated.totalNetCharge)).toBe(
                cents(rated.totalBaseCharge) + cents(rated.shipmentRateDetail.totalSurcharges),
              );
              expect(cents(rated.totalNetChargeWithDutiesAndTaxes)).toBe(
                cents(rated.totalNetCharge) + cents(rated.totalDutiesAndTaxes),
              );
              expect(cents(rated.totalDutiesAndTaxes)).toBe(
                sum(rated.shipmentRateDetail.taxes.map((x: Json) => cents(x.amount))),
              );
              if (!international) expect(rated.totalDutiesAndTaxes).toBe(0);
              expect(rated.currency).toBe(rated.rateType === 'PREFERRED' ? 'EUR' : 'USD');
            }
          }
        }),
        { numRuns: 25 },
      );
    });

    it('refuse a service the lane does not allow (SERVICE.LANE.NOTAVAILABLE)', async () => {
      const res = await call(
        'rate-quotes',
        rateRequest({ recipient: { address: PARIS }, serviceType: 'FEDEX_GROUND' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        customerTransactionId: 'rating-1',
        errors: [
          {
            code: 'SERVICE.LANE.NOTAVAILABLE',
            message:
              'FedEx Ground® is not available from US to FR. Please choose a service that serves this lane and try again.',
          },
        ],
      });
    });
  });

  describe('create shipment', () => {
    const ship = (rs: Json) => {
      const body = defaultSample('ship-create', TODAY) as Json;
      body.requestedShipment = { ...body.requestedShipment, ...rs };
      return call('ship-create', body);
    };

    it('answers the delivery date, routing and rating of the shipment (Friday ship date: Monday delivery)', async () => {
      // The sample's 12 lb package in a 12×10×8 in box: 7 lb dimensional (960 in³ / 139), rated by its 12 lb actual weight.
      const res = await ship({
        shipDatestamp: '2026-11-20',
        labelSpecification: { imageType: 'ZPLII', labelStockType: 'PAPER_4X6' },
      });
      expect(res.statusCode).toBe(200);
      const shipment = res.json().output.transactionShipments[0];
      expect(shipment.serviceCategory).toBe('EXPRESS');
      expect(shipment.pieceResponses[0]).toMatchObject({
        deliveryDatestamp: '2026-11-23',
        netChargeAmount: 164.91,
        baseRateAmount: 144.03,
      });
      const detail = shipment.completedShipmentDetail;
      expect(detail.operationalDetail).toMatchObject({
        originServiceArea: 'A3',
        destinationServiceArea: 'A9',
        airportId: 'OAK',
        transitTime: 'ONE_DAY',
        deliveryDate: '2026-11-23',
        deliveryDay: 'MON',
        serviceCode: '01',
      });
      expect(detail.shipmentRating.shipmentRateDetails[0]).toMatchObject({
        totalNetCharge: 164.91,
        totalNetChargeWithDutiesAndTaxes: 164.91,
        ratedWeightMethod: 'ACTUAL',
        currency: 'USD',
      });
      expect(detail.usDomestic).toBe(true);
    });

    it('rates each line with its own packages (a group of three light ones, then a heavy one)', async () => {
      const res = await ship({
        shipDatestamp: '2026-11-20',
        labelSpecification: { imageType: 'ZPLII', labelStockType: 'PAPER_4X6' },
        requestedPackageLineItems: [
          { weight: { units: 'LB', value: 1 }, groupPackageCount: 3 },
          { weight: { units: 'LB', value: 40 } },
        ],
      });
      expect(res.statusCode).toBe(200);
      const shipment = res.json().output.transactionShipments[0];
      const [light, heavy] = shipment.pieceResponses.map((p: Json) => cents(p.netChargeAmount));
      expect(heavy).toBeGreaterThan(light);
      const total = cents(shipment.completedShipmentDetail.shipmentRating.shipmentRateDetails[0].totalNetCharge);
      expect(total).toBe(3 * light + heavy);
    });

    it('never delivers an international shipment on its ship date', async () => {
      const res = await ship({
        shipDatestamp: '2026-11-18',
        serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
        recipients: [
          {
            contact: { personName: 'Camille Martin', phoneNumber: '0140000000' },
            address: { streetLines: ['1 Rue de Rivoli'], ...PARIS },
          },
        ],
        customsClearanceDetail: BOOKS,
        labelSpecification: { imageType: 'ZPLII', labelStockType: 'PAPER_4X6' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const piece = res.json().output.transactionShipments[0].pieceResponses[0];
      expect(piece.deliveryDatestamp > '2026-11-18').toBe(true);
      expect(['SAT', 'SUN']).not.toContain(dayOfWeek(piece.deliveryDatestamp));
    });

    it('refuses a domestic service on an international lane before creating anything', async () => {
      // Goods with customs values, so the lane is the only rule broken.
      const res = await ship({
        recipients: [{ address: { streetLines: ['1 Rue de Rivoli'], ...PARIS } }],
        customsClearanceDetail: BOOKS,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('SERVICE.LANE.NOTAVAILABLE');
      expect(res.json().output).toBeUndefined();
    });
  });

  describe('service availability', () => {
    it('lists the services and packaging of the lane (the rule rates use)', async () => {
      const res = await call('package-and-service-options', defaultSample('package-and-service-options', TODAY));
      expect(res.statusCode).toBe(200);
      const out = res.json().output;
      expect(out.serviceOptions.map((o: Json) => o.key)).toEqual(DOMESTIC_SERVICES);
      expect(out.serviceOptions[1]).toEqual({ key: 'PRIORITY_OVERNIGHT', displayText: 'FedEx Priority Overnight®' });
      const ground = out.packageOptions.filter((o: Json) => o.serviceType.key === 'FEDEX_GROUND');
      expect(ground).toEqual([
        {
          serviceType: { key: 'FEDEX_GROUND', displayText: 'FedEx Ground®' },
          packageType: { key: 'YOUR_PACKAGING', displayText: 'Your Packaging' },
          maxMetricWeightAllowed: { units: 'KG', value: 68 },
          maxWeightAllowed: { units: 'LB', value: 150 },
        },
      ]);
    });

    it('offers electronic trade documents on international lanes only, and refuses a service off the lane', async () => {
      const domestic = await call('special-service-options', defaultSample('special-service-options', TODAY));
      const services = (r: typeof domestic) =>
        r.json().output.serviceOptionsList[0].shipmentSpecialServicesList.map((s: Json) => s.specialServiceType);
      expect(services(domestic)).toEqual(['HOLD_AT_LOCATION', 'SATURDAY_DELIVERY']);
      const body = defaultSample('special-service-options', TODAY) as Json;
      body.requestedShipment.recipient = { address: PARIS };
      const intl = await call('special-service-options', body);
      expect(services(intl)).toEqual(['HOLD_AT_LOCATION', 'ELECTRONIC_TRADE_DOCUMENTS', 'BROKER_SELECT_OPTION']);
      expect(intl.json().output.serviceOptionsList.map((s: Json) => s.serviceType)).toContain('INTERNATIONAL_ECONOMY');
      body.requestedShipment.serviceType = 'STANDARD_OVERNIGHT';
      const refused = await call('special-service-options', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].code).toBe('SERVICE.LANE.NOTAVAILABLE');
    });
  });

  describe('places', () => {
    it('finds carrier places in real nearby cities with varied, repeatable street lines and hours', async () => {
      const first = await call('locations', defaultSample('locations', TODAY));
      const again = await call('locations', defaultSample('locations', TODAY));
      expect(first.statusCode).toBe(200);
      const list: Json[] = first.json().output.locationDetailList;
      expect(again.json().output.locationDetailList).toEqual(list);
      const lines = list.map((l) => l.contactAndAddress.address.streetLines[0] as string);
      for (const line of lines) expect(line).toMatch(/^\d{1,4} [A-Z][a-z]+ (St|Ave|Blvd|Rd|Pkwy|Dr)$/);
      expect(new Set(lines.map((l) => l.replace(/^\d+ /, ''))).size).toBeGreaterThan(2);
      // The old "100 Main St, 137 Main St, …" (+37) is gone.
      expect(lines.slice(0, 2)).not.toEqual(['100 Main St', '137 Main St']);
      // The playground's map marks carrier-operated places (FEDEX_OFFICE among them): the sample has some.
      expect(new Set(list.map((l) => l.locationType))).toEqual(
        new Set(['FEDEX_OFFICE', 'FEDEX_STAFFED', 'FEDEX_AUTHORIZED_SHIP_CENTER']),
      );
      for (const l of list) {
        expect(l.locationId).toMatch(/^MEM[A-Z]$/);
        expect(l.storeHours).toHaveLength(7);
        expect(l.storeHours[6]).toEqual({ dayofweek: 'SUNDAY', operationalHoursType: 'CLOSED_ALL_DAY' });
      }
    });

    it('validates a postal code with the service area and location ids of the routing table', async () => {
      const res = await call('postal-validate', defaultSample('postal-validate', TODAY));
      expect(res.statusCode).toBe(200);
      const [place] = res.json().output.locationDescriptions;
      expect(place).toMatchObject({ serviceArea: 'A3', airportId: 'MEM' });
      expect(place.locationId).toMatch(/^MEM[A-Z]$/);
      expect(place.locationNumber).toMatch(/^\d{4}$/);
    });
  });

  it('computes the ship date and content keys of open-shipment and shipment results', async () => {
    const today = TODAY;
    // Results of jobs this test starts (a job id the twin never handed out is refused).
    const asyncShip = defaultSample('ship-create', TODAY) as { requestedShipment: Json; processingOptionType?: string };
    asyncShip.processingOptionType = 'ALLOW_ASYNCHRONOUS';
    // Two days ahead: the job's result answers the date its request named, not the twin's today.
    asyncShip.requestedShipment.shipDatestamp = '2026-11-20';
    const shipJob = (await call('ship-create', asyncShip)).json().output.jobId as string;
    const openJob = (await call('open-ship-create', defaultSample('open-ship-create', TODAY))).json().output
      .jobId as string;
    const jobs: Record<string, string> = { 'ship-results': shipJob, 'open-ship-results': openJob };
    for (const id of ['open-ship-results', 'ship-results']) {
      const res = await call(id, { ...(defaultSample(id, TODAY) as Record<string, unknown>), jobId: jobs[id] });
      expect(res.statusCode).toBe(200);
      const text = JSON.stringify(res.json());
      expect(text).not.toContain('2010-03-04');
      expect(text).not.toContain('content key');
      // The ship date the job's request named, else (open shipments name none) the twin's today.
      const sent = id === 'ship-results' ? '2026-11-20' : today;
      for (const s of res.json().output.transactionShipments ?? []) expect(s.shipDatestamp).toBe(sent);
    }
  });
});
