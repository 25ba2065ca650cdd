import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, runLab, type TestApp } from '../../test/helpers.js';
import { TWIN, twinCall, twinToken } from '../../test/simulators.js';
import { cancelRequest, commodity, customs, shipRequest, toShenzhen } from './testShipments.js';

type Json = Record<string, any>;

/**
 * The carrier's business rules (rules.ts, the table in docs/modules/carrier.md): one test per rule,
 * naming its code and its exact message. Dialect-neutral: the rules read the lookups' data through
 * the places service, whose SQL the lookups suite covers on both dialects.
 */
describe('carrier simulator business rules (sqlite)', () => {
  let t: TestApp;
  let token: string;
  let productionToken: string;
  let dir: string;

  const call = (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST', bearer = token, host = TWIN) =>
    twinCall(t.app, bearer, path, body, { method, host });

  /** The sample shipment (Memphis → Beverly Hills, one 12 LB package) with ZPL labels. */
  const shipment = shipRequest;
  const commodities = (...amounts: number[]) => amounts.map((amount, i) => commodity(`Item ${i + 1}`, amount));

  /** Ships the body and expects exactly these errors (400, the carrier's shape, the schema's 400). */
  async function refused(body: Json, errors: { code: string; message: string }[]) {
    const res = await call('/ship/v1/shipments', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ transactionId: expect.any(String), errors });
    expect(res.headers['x-sim-repaired']).toBeUndefined();
  }
  async function shipped(body: Json) {
    const res = await call('/ship/v1/shipments', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().output.transactionShipments[0] as Json;
  }

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { simSeed: 11 }, { imported: true });
    token = await twinToken(t.app);
    productionToken = await twinToken(t.app, { host: `${TWIN}/production` });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-rules-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ships the sample shipment (every rule holds)', async () => {
    expect((await shipped(shipment())).pieceResponses).toHaveLength(1);
  });

  it('ACCOUNT.NUMBER.REQUIRED: an empty account number does not ship', async () => {
    await refused(
      shipment((body) => (body.accountNumber = { value: '' })),
      [{ code: 'ACCOUNT.NUMBER.REQUIRED', message: 'Account number is required.' }],
    );
  });

  it('ACCOUNTNUMBER.REGISTRATION.REQUIRED: 740561073 fails the check digit and does not ship', async () => {
    await refused(
      shipment((body) => (body.accountNumber = { value: '740561073' })),
      [
        {
          code: 'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
          message: 'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.',
        },
      ],
    );
    const tool = await t.app.inject({ method: 'POST', url: '/lab/api/utils/v1/ean', payload: { ean: '740561073' } });
    expect(tool.json().msg).toBe('account invalid');
  });

  it('the account rule is the Account check tool’s: they never disagree', async () => {
    const digits = fc.stringMatching(/^\d{9}$/);
    const nearValid = fc.integer({ min: 0, max: 9 }).map((d) => `74056107${d}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(digits, nearValid, fc.stringMatching(/^\d{0,11}$/)), async (ean) => {
        const tool = await t.app.inject({ method: 'POST', url: '/lab/api/utils/v1/ean', payload: { ean } });
        const sim = await call('/account/v1/accounts/billing/validate', { accountNumber: { value: ean } });
        expect(sim.statusCode === 200, `${ean}: ${sim.body}`).toBe(tool.json().msg === 'account valid');
      }),
      { numRuns: 40 },
    );
  });

  it('ORIGIN.COUNTRY.INVALID and DESTINATION.COUNTRY.INVALID: a country code that names no country', async () => {
    await refused(
      shipment((_b, rs) => (rs.shipper.address.countryCode = 'ZZ')),
      [
        {
          code: 'ORIGIN.COUNTRY.INVALID',
          message: 'Origin country code is invalid or missing. Please refer to documentation for valid format.',
        },
      ],
    );
    await refused(
      shipment((_b, rs) => (rs.recipients[0].address.countryCode = 'XX')),
      [
        {
          code: 'DESTINATION.COUNTRY.INVALID',
          message: 'Destination country code is invalid or missing. Please refer to documentation for valid format.',
        },
      ],
    );
  });

  it('DESTINATION.POSTALCODE.INVALID and ORIGIN.POSTAL.REQUIRED: the postal format of the country', async () => {
    await refused(
      shipment((_b, rs) => (rs.recipients[0].address.postalCode = '9021')),
      [
        {
          code: 'DESTINATION.POSTALCODE.INVALID',
          message: 'Destination postal code 9021 is not valid for US. Please correct it and try again.',
        },
      ],
    );
    await refused(
      shipment((_b, rs) => (rs.shipper.address.postalCode = '')),
      [{ code: 'ORIGIN.POSTAL.REQUIRED', message: 'Postal code/ZIP is required' }],
    );
    // ZIP+4 is the US format too.
    await shipped(shipment((_b, rs) => (rs.recipients[0].address.postalCode = '90212-1234')));
  });

  it('PACKAGING.WEIGHT.EXCEEDED: envelope, pak, box and tube hold their published weight only', async () => {
    const cases: [string, number, string][] = [
      [
        'FEDEX_ENVELOPE',
        4.6,
        'Package 1 weighs 4.6 kg; FedEx Envelope holds at most 4.54 kg. Please choose other packaging.',
      ],
      ['FEDEX_PAK', 23, 'Package 1 weighs 23 kg; FedEx Pak holds at most 22.68 kg. Please choose other packaging.'],
      ['FEDEX_BOX', 25, 'Package 1 weighs 25 kg; FedEx Box holds at most 22.68 kg. Please choose other packaging.'],
      [
        'FEDEX_TUBE',
        22.69,
        'Package 1 weighs 22.69 kg; FedEx Tube holds at most 22.68 kg. Please choose other packaging.',
      ],
    ];
    for (const [packagingType, kg, message] of cases) {
      const over = shipment((_b, rs) => {
        rs.packagingType = packagingType;
        rs.requestedPackageLineItems[0].weight = { units: 'KG', value: kg };
      });
      await refused(over, [{ code: 'PACKAGING.WEIGHT.EXCEEDED', message }]);
    }
    const envelope = shipment((_b, rs) => {
      rs.packagingType = 'FEDEX_ENVELOPE';
      rs.requestedPackageLineItems[0].weight = { units: 'LB', value: 10 };
    });
    await shipped(envelope);
    // The ship document's own Intra_UK_Shipment: a 10 kg FedEx Pak.
    const pak = shipment((_b, rs) => {
      rs.packagingType = 'FEDEX_PAK';
      rs.requestedPackageLineItems[0].weight = { units: 'KG', value: 10 };
    });
    await shipped(pak);
  });

  it('PACKAGE.WEIGHT.EXCEEDED and PACKAGE.DIMENSIONS.EXCEEDED: the per-package limits of the Dim Weight tool', async () => {
    await refused(
      shipment((_b, rs) => (rs.requestedPackageLineItems[0].weight = { units: 'LB', value: 151 })),
      [
        {
          code: 'PACKAGE.WEIGHT.EXCEEDED',
          message: 'Package 1 weighs 68.49 kg, over the 68 kg limit of a package. Please ship it as freight.',
        },
      ],
    );
    await refused(
      shipment(
        (_b, rs) => (rs.requestedPackageLineItems[0].dimensions = { length: 280, width: 10, height: 10, units: 'CM' }),
      ),
      [
        {
          code: 'PACKAGE.DIMENSIONS.EXCEEDED',
          message: 'Package 1 is 280 cm long, over the 274 cm limit of a package. Please ship it as freight.',
        },
      ],
    );
    await refused(
      shipment(
        (_b, rs) => (rs.requestedPackageLineItems[0].dimensions = { length: 200, width: 60, height: 10, units: 'CM' }),
      ),
      [
        {
          code: 'PACKAGE.DIMENSIONS.EXCEEDED',
          message:
            'Package 1 measures 340 cm in length plus girth, over the 330 cm limit of a package. Please ship it as freight.',
        },
      ],
    );
    const tool = await t.app.inject({
      method: 'POST',
      url: '/lab/api/utils/v1/dimweight',
      payload: { length: 200, width: 60, height: 10, actualweight: 1 },
    });
    expect(tool.json().message.comments).toEqual(['Length + girth over 330 cm']);
  });

  it('a freight service carries pieces over 150 lb, up to a 2,200 lb skid', async () => {
    const freight = (lb: number) =>
      shipment((_b, rs) => {
        rs.serviceType = 'FEDEX_1_DAY_FREIGHT';
        rs.requestedPackageLineItems = [{ weight: { units: 'LB', value: lb } }];
      });
    await shipped(freight(151));
    await refused(freight(2300), [
      {
        code: 'PACKAGE.WEIGHT.EXCEEDED',
        message:
          'Piece 1 weighs 1043.26 kg, over the 997 kg (2,200 lb) limit of a freight skid. Please split it and try again.',
      },
    ]);
  });

  it('CUSTOMS.COMMODITIES.REQUIRED: goods abroad need commodities with customs values; documents do not', async () => {
    await refused(
      shipment((_b, rs) => toShenzhen(rs)),
      [
        {
          code: 'CUSTOMS.COMMODITIES.REQUIRED',
          message:
            'An international shipment that is not documents only needs customsClearanceDetail.commodities, each with a customsValue.',
        },
      ],
    );
    await shipped(
      shipment((_b, rs) => {
        toShenzhen(rs);
        // Documents carry no customs value (the schema still wants a commodity line).
        rs.customsClearanceDetail = {
          dutiesPayment: { paymentType: 'SENDER' },
          isDocumentOnly: true,
          commodities: [
            { description: 'Contracts', quantity: 1, quantityUnits: 'PCS', weight: { units: 'KG', value: 0.2 } },
          ],
        };
      }),
    );
  });

  it('DECLARED.VALUE.EXCEEDS.CUSTOMS: the total declared value may not exceed the customs value', async () => {
    const declared = (amount: number) =>
      shipment((_b, rs) => {
        toShenzhen(rs);
        rs.customsClearanceDetail = customs(commodities(10.1, 0.2));
        rs.totalDeclaredValue = { amount, currency: 'USD' };
      });
    await refused(declared(10.31), [
      {
        code: 'DECLARED.VALUE.EXCEEDS.CUSTOMS',
        message:
          'The total declared value 10.31 USD exceeds the total customs value 10.30 USD. The totalDeclaredValue should not exceed customsValue.',
      },
    ]);
    await shipped(declared(10.3));
  });

  it('ETD.IMPORT.NOT.ALLOWED: electronic trade documents to a country whose ETD import rule is NO', async () => {
    const file = path.join(dir, 'etd.csv');
    fs.writeFileSync(
      file,
      'alpha_2,etd_export,etd_import,eci_export,eci_import,signature_export,signature_import,letterhead_export,letterhead_import\n' +
        'CN,YES,NO,YES,NO,OPTIONAL,REQUIRED,OPTIONAL,PROHIBITED\nCA,YES,YES,YES,YES,OPTIONAL,OPTIONAL,OPTIONAL,OPTIONAL\n',
    );
    const imported = await runLab(['import', 'etd-eci', file, '--dataset', '2023-03'], { database: t.config.database });
    expect(imported.code, imported.err.join('\n')).toBe(0);
    const withEtd = (to: (rs: Json) => void) =>
      shipment((_b, rs) => {
        to(rs);
        rs.serviceType = 'FEDEX_INTERNATIONAL_PRIORITY';
        rs.customsClearanceDetail = customs(commodities(20));
        rs.shipmentSpecialServices = {
          specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
          etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] },
        };
      });
    await refused(withEtd(toShenzhen), [
      {
        code: 'ETD.IMPORT.NOT.ALLOWED',
        message:
          'Electronic trade documents are not accepted for import into CN. Please remove ELECTRONIC_TRADE_DOCUMENTS and send paper documents with the shipment.',
      },
    ]);
    await shipped(
      withEtd((rs) => {
        rs.recipients[0].address = {
          streetLines: ['1 Yonge St'],
          city: 'Toronto',
          stateOrProvinceCode: 'ON',
          postalCode: 'M5E 1E5',
          countryCode: 'CA',
        };
      }),
    );
  });

  it('TRACKINGNUMBER.ENTERED.INVALID and SHIPMENT.ALREADY.CANCELLED: cancel needs a shipment still standing', async () => {
    const cancel = (trackingNumber: string) => call('/ship/v1/shipments/cancel', cancelRequest(trackingNumber), 'PUT');
    const unknown = await cancel('794953555571');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        code: 'TRACKINGNUMBER.ENTERED.INVALID',
        message: 'Error with entered Tracking Number. Please verify the entered Tracking Number.',
      },
    ]);
    const { masterTrackingNumber } = await shipped(shipment());
    expect((await cancel(masterTrackingNumber)).statusCode).toBe(200);
    const again = await cancel(masterTrackingNumber);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      {
        code: 'SHIPMENT.ALREADY.CANCELLED',
        message: 'The shipment has already been cancelled. Please modify your request and try again.',
      },
    ]);
  });

  it('TRACKING.TRACKINGNUMBER.NOTFOUND: an unknown number is a 200 with the error inside its track result', async () => {
    const res = await call('/track/v1/trackingnumbers', {
      includeDetailedScans: true,
      trackingInfo: [{ trackingNumberInfo: { trackingNumber: '794953555571' } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().output).toEqual({
      completeTrackResults: [
        {
          trackingNumber: '794953555571',
          trackResults: [
            {
              trackingNumberInfo: { trackingNumber: '794953555571' },
              error: {
                code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
                message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
              },
            },
          ],
        },
      ],
    });
  });

  it('NOT.AUTHORIZED.ERROR: a sandbox token is refused on production, and a production token on the sandbox', async () => {
    const onProduction = await call('/ship/v1/shipments', shipment(), 'POST', token, `${TWIN}/production`);
    expect(onProduction.statusCode).toBe(401);
    expect(onProduction.json().errors).toEqual([
      {
        code: 'NOT.AUTHORIZED.ERROR',
        message:
          'Access token was issued by the sandbox environment and is not valid on production. Please request a token from production and try again.',
      },
    ]);
    const onSandbox = await call('/ship/v1/shipments', shipment(), 'POST', productionToken);
    expect(onSandbox.statusCode).toBe(401);
    expect(onSandbox.json().errors).toEqual([
      {
        code: 'NOT.AUTHORIZED.ERROR',
        message:
          'Access token was issued by the production environment and is not valid on sandbox. Please request a token from sandbox and try again.',
      },
    ]);
    const own = await call('/ship/v1/shipments', shipment(), 'POST', productionToken, `${TWIN}/production`);
    expect(own.statusCode).toBe(200);
  });
});
