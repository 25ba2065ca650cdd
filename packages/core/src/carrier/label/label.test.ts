import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractZplData, lintZpl } from '../../labels/zpl/index.js';
import { completeExpressTracking } from '../../shipping/tracking.js';
import {
  LABEL_TEXT_LIMITS,
  MASKABLE_DATA,
  SHIPMENT_DATA_FIELDS,
  carrierLabelEpl2,
  carrierLabelLayout,
  carrierLabelZpl,
  decodeShipmentData,
  elementBounds,
  encodeShipmentData,
  fitText,
  labelDotsOf,
  placeRouting,
  routingFor,
  serviceCodeOf,
  serviceNameOf,
  serviceTypeOfCode,
  shipmentDataFields,
  shipmentDataValue,
  zplFieldData,
  type CarrierLabelData,
  type LabelParty,
} from './index.js';

// Text as customers type it: ASCII (ZPL's own ^ ~ _ \ included), accents, a few wide characters.
const char = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789  .,-#&/\'"'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...'^~_\\<>@()') },
  { weight: 1, arbitrary: fc.constantFrom(...'éüñçøÅßœ深圳李雷') },
);
const textOf = (max: number) =>
  fc
    .array(char, { minLength: 1, maxLength: max })
    .map((cs) => fitText(cs.join(''), max).trim())
    .filter((t) => t !== '');
const postal = fc
  .stringMatching(/^[0-9A-Z]{3,6}( ?[0-9A-Z]{2,4})?$/)
  .map((p) => p.slice(0, LABEL_TEXT_LIMITS.postalCode));
const country = fc.constantFrom('US', 'CA', 'CN', 'DE', 'IT', 'FR', 'JP', 'GB', 'MX', 'BR');

const party: fc.Arbitrary<LabelParty> = fc.record({
  personName: textOf(LABEL_TEXT_LIMITS.name),
  companyName: fc.oneof(fc.constant(''), textOf(LABEL_TEXT_LIMITS.name)),
  phoneNumber: fc.stringMatching(/^[0-9]{0,15}$/),
  streetLines: fc.array(textOf(LABEL_TEXT_LIMITS.streetLine), { minLength: 1, maxLength: 2 }),
  city: textOf(LABEL_TEXT_LIMITS.city),
  stateOrProvinceCode: fc.stringMatching(/^([A-Z]{2,3})?$/),
  postalCode: postal,
  countryCode: country,
});

const tracking = fc.stringMatching(/^[0-9]{11}$/).map(completeExpressTracking);
const serviceType = fc.constantFrom(
  'PRIORITY_OVERNIGHT',
  'FEDEX_2_DAY',
  'STANDARD_OVERNIGHT',
  'FEDEX_GROUND',
  'INTERNATIONAL_PRIORITY',
  'FEDEX_INTERNATIONAL_PRIORITY',
  'SMART_POST',
);

const labelData: fc.Arbitrary<CarrierLabelData> = fc
  .record({
    trackingNumber: tracking,
    master: fc.option(tracking, { nil: undefined }),
    count: fc.integer({ min: 1, max: 99 }),
    seq: fc.integer({ min: 1, max: 99 }),
    serviceType,
    shipDate: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
    weight: fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('LB', 'KG')),
    dims: fc.option(
      fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 })),
      {
        nil: undefined,
      },
    ),
    shipper: party,
    recipient: party,
    references: fc.array(textOf(30), { maxLength: 3 }),
    shipperAccount: fc.stringMatching(/^([0-9]{9})?$/),
    payor: fc.constantFrom('SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT') as fc.Arbitrary<CarrierLabelData['payor']>,
    payorAccount: fc.stringMatching(/^([0-9]{9})?$/),
    dutiesPayor: fc.constantFrom('', 'SENDER', 'RECIPIENT') as fc.Arbitrary<CarrierLabelData['dutiesPayor']>,
    customsValue: fc.constantFrom('', '100.00 USD', '19.95 EUR'),
    masked: fc.subarray([...MASKABLE_DATA]),
    docTab: fc.option(
      fc.record({
        position: fc.constantFrom('LEADING', 'TRAILING') as fc.Arbitrary<'LEADING' | 'TRAILING'>,
        zones: fc.array(
          fc.record({
            header: textOf(7),
            value: textOf(20),
            justification: fc.constantFrom('LEFT', 'RIGHT') as fc.Arbitrary<'LEFT' | 'RIGHT'>,
          }),
          { maxLength: 12 },
        ),
        barcode: fc.option(textOf(40), { nil: undefined }),
      }),
      { nil: undefined },
    ),
    inverted: fc.boolean(),
  })
  .map((r) => ({
    trackingNumber: r.trackingNumber,
    masterTrackingNumber: r.master ?? r.trackingNumber,
    sequence: Math.min(r.seq, r.count),
    count: r.count,
    serviceType: r.serviceType,
    serviceName: serviceNameOf(r.serviceType),
    serviceCode: serviceCodeOf(r.serviceType),
    shipDate: r.shipDate.toISOString().slice(0, 10),
    weight: { value: `${r.weight[0]}.${r.weight[1]}`, units: r.weight[2] },
    dimensions: r.dims && { length: r.dims[0], width: r.dims[1], height: r.dims[2], units: 'IN' },
    shipper: r.shipper,
    recipient: r.recipient,
    references: r.references,
    shipperAccount: r.shipperAccount,
    payor: r.payor,
    payorAccount: r.payorAccount,
    dutiesPayor: r.dutiesPayor,
    dutiesPayorAccount: '',
    customsValue: r.customsValue,
    insuredValue: '',
    origin: routingFor(r.shipper),
    destination: routingFor(r.recipient),
    masked: r.masked,
    size: { widthIn: 4, heightIn: r.docTab ? 6.75 : 6 },
    docTab: r.docTab,
    inverted: r.inverted,
  }));

const recipientName = (d: CarrierLabelData) => d.recipient.personName || d.recipient.companyName;

describe('carrier label layout (ZPL)', () => {
  it('gives ZPL our linter accepts, inside the label, carrying the recipient and the tracking number', () => {
    fc.assert(
      fc.property(labelData, (d) => {
        const zpl = carrierLabelZpl(d);
        const { width, height } = labelDotsOf(d);
        expect(lintZpl(zpl, { widthDots: width, heightDots: height })).toEqual([]);
        const labels = extractZplData(zpl);
        expect(labels).toHaveLength(1);
        const fields = labels[0]!.fields;
        const texts = fields.filter((f) => f.kind === 'text').map((f) => f.data);
        const printed = texts.join('\n');
        expect(printed).toContain(recipientName(d));
        expect(printed).toContain(d.recipient.city);
        expect(printed).toContain(d.recipient.postalCode);
        expect(printed).toContain(d.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
        const code128 = fields.filter((f) => f.symbology === 'Code 128').map((f) => f.data);
        expect(code128.some((data) => data.endsWith(d.trackingNumber))).toBe(true);
        for (const e of carrierLabelLayout(d)) {
          const b = elementBounds(e);
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.y).toBeGreaterThanOrEqual(0);
          expect(b.x + b.w).toBeLessThanOrEqual(width);
          expect(b.y + b.h).toBeLessThanOrEqual(height);
        }
        expect(zpl).toContain(`^PW${width}^LL${height}`);
        expect(zpl).toContain(d.inverted ? '^POI' : '^PON');
      }),
      { numRuns: 150 },
    );
  });

  it('carries the shipment data in a PDF417 symbol that reads back field by field', () => {
    fc.assert(
      fc.property(labelData, (d) => {
        const symbols = extractZplData(carrierLabelZpl(d))[0]!.fields.filter((f) => f.symbology === 'PDF417');
        if (d.masked.includes('SECONDARY_BARCODE')) {
          expect(symbols).toEqual([]);
          return;
        }
        expect(symbols).toHaveLength(1);
        const decoded = decodeShipmentData(symbols[0]!.data);
        const expected = shipmentDataFields(d);
        expect(decoded).toEqual(
          Object.fromEntries(SHIPMENT_DATA_FIELDS.map((k) => [k, shipmentDataValue(expected[k])])),
        );
        expect(decoded!.trackingNumber).toBe(d.trackingNumber);
        expect(decoded!.shipperAccount).toBe(d.masked.includes('SHIPPER_ACCOUNT_NUMBER') ? '' : d.shipperAccount);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves out what maskedData names, and prints it otherwise', () => {
    fc.assert(
      fc.property(labelData, (d) => {
        const printed = extractZplData(carrierLabelZpl(d))[0]!
          .fields.map((f) => f.data)
          .join('\n');
        const has = (m: (typeof MASKABLE_DATA)[number]) => d.masked.includes(m);
        if (d.shipperAccount)
          expect(printed.includes(`ACCT: ${d.shipperAccount}`)).toBe(!has('SHIPPER_ACCOUNT_NUMBER'));
        expect(printed.includes(`ACTWGT: ${d.weight.value} ${d.weight.units}`)).toBe(!has('TOTAL_WEIGHT'));
        if (d.dimensions) expect(printed.includes('DIMS: ')).toBe(!has('DIMENSIONS'));
        if (d.customsValue) expect(printed.includes(`CUSTOMS VALUE: ${d.customsValue}`)).toBe(!has('CUSTOMS_VALUE'));
        expect(printed.includes('terms and conditions')).toBe(!has('TERMS_AND_CONDITIONS'));
        const payorLine = `BILL ${d.payor.replace(/_/g, ' ')} ${d.payorAccount}`;
        if (d.payorAccount)
          expect(printed.includes(payorLine)).toBe(!has('TRANSPORTATION_CHARGES_PAYOR_ACCOUNT_NUMBER'));
        // The FROM block: rows 1–5 at x 24 above the first rule (row 0 says FROM:, row 6 the origin id).
        const top = d.docTab?.position === 'LEADING' ? 152 : 0;
        const fromRows = extractZplData(carrierLabelZpl(d))[0]!.fields.filter(
          (f) => f.x === 24 && f.y > top + 4 && f.y < top + 4 + 6 * 17,
        );
        if (has('SHIPPER_INFORMATION')) expect(fromRows).toEqual([]);
        else expect(fromRows.map((f) => f.data)).toContain(fitText(d.shipper.streetLines[0]!, 38));
      }),
      { numRuns: 100 },
    );
  });

  it('prints the doc tab zones on 4 × 6.75 stock, before or after the label', () => {
    const base = fc.sample(labelData, { numRuns: 1, seed: 7 })[0]!;
    const d: CarrierLabelData = {
      ...base,
      size: { widthIn: 4, heightIn: 6.75 },
      docTab: {
        position: 'LEADING',
        zones: [
          { header: 'WGT', value: '12.5 LB', justification: 'LEFT' },
          { header: 'REF', value: 'PO-77', justification: 'RIGHT' },
        ],
      },
    };
    const fields = extractZplData(carrierLabelZpl(d))[0]!.fields;
    const wgt = fields.find((f) => f.data === 'WGT')!;
    expect(wgt.y).toBeLessThan(152);
    expect(fields.some((f) => f.data === '12.5 LB' && f.y < 152)).toBe(true);
    expect(fields.some((f) => f.data === 'PO-77')).toBe(true);
    expect(carrierLabelZpl(d)).toContain('^PW812^LL1370');
    const trailing = extractZplData(carrierLabelZpl({ ...d, docTab: { ...d.docTab!, position: 'TRAILING' } }))[0]!
      .fields;
    expect(trailing.find((f) => f.data === 'WGT')!.y).toBeGreaterThanOrEqual(1218);
    const barcoded = extractZplData(carrierLabelZpl({ ...d, docTab: { ...d.docTab!, barcode: 'PO-77' } }))[0]!.fields;
    expect(barcoded.filter((f) => f.symbology === 'Code 128').map((f) => f.data)).toContain('>:PO-77');
  });
});

const EPL_LINE = [
  /^$/,
  /^N$/,
  /^q\d+$/,
  /^Q\d+,24$/,
  /^Z[TB]$/,
  /^I8,A,001$/,
  /^A(\d+),(\d+),0,[1-4],[1-6],[1-9],N,"((?:[^"\\]|\\["\\])*)"$/,
  /^LO(\d+),(\d+),(\d+),(\d+)$/,
  /^B(\d+),(\d+),0,1,\d,\d,(\d+),N,"((?:[^"\\]|\\["\\])*)"$/,
  /^b(\d+),(\d+),P,(\d+),(\d+),x\d,y\d,s\d,c\d+,f0,"[\s\S]*"$/,
  /^P1$/,
];

describe('carrier label layout (EPL2)', () => {
  it('writes only EPL2 commands we know, inside the label, with the tracking number barcode', () => {
    fc.assert(
      fc.property(labelData, (d) => {
        const epl = carrierLabelEpl2(d);
        const { width, height } = labelDotsOf(d);
        expect(epl.startsWith('\nN\n')).toBe(true);
        expect(epl).toContain(`q${width}\nQ${height},24\n${d.inverted ? 'ZB' : 'ZT'}`);
        const lines = epl.split('\n');
        expect(lines.at(-2)).toBe('P1');
        for (const line of lines) {
          expect(EPL_LINE.some((re) => re.test(line))).toBe(true);
          const xy = /^(?:A|LO|B|b)(\d+),(\d+)/.exec(line);
          if (xy) {
            expect(Number(xy[1])).toBeLessThan(width);
            expect(Number(xy[2])).toBeLessThan(height);
          }
        }
        expect(lines).toContain(
          `B${/B(\d+),/.exec(lines.find((l) => l.startsWith('B'))!)![1]},${lines.find((l) => l.startsWith('B'))!.split(',')[1]},0,1,3,3,200,N,"${d.trackingNumber}"`,
        );
        expect(epl).toContain(`"${d.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}"`);
      }),
      { numRuns: 100 },
    );
  });

  it('prints the recipient as the ZPL does (ASCII text)', () => {
    const base = fc.sample(labelData, { numRuns: 1, seed: 3 })[0]!;
    const d: CarrierLabelData = {
      ...base,
      recipient: { ...base.recipient, personName: 'Chloe "CG" Garcia', city: 'San Jose', postalCode: '95113' },
    };
    const epl = carrierLabelEpl2(d);
    expect(epl).toContain('"Chloe \\"CG\\" Garcia"');
    expect(epl).toContain(`"San Jose ${d.recipient.stateOrProvinceCode}`.trimEnd());
    expect(epl).toContain(`"95113 (${d.recipient.countryCode})"`);
  });
});

describe('label parts', () => {
  it('routes a label by the one routing table (US by ZIP digit, others by country, the rest via Memphis)', () => {
    expect(routingFor({ city: 'Memphis', postalCode: '38118', countryCode: 'US' })).toMatchObject({
      serviceArea: 'A3',
      airportCode: 'MEM',
    });
    expect(routingFor({ city: 'San José', postalCode: '95113', countryCode: 'US' }).airportCode).toBe('OAK');
    expect(routingFor({ city: 'North York', postalCode: '20122', countryCode: 'IT' })).toMatchObject({
      serviceArea: 'EU',
      airportCode: 'MXP',
    });
    expect(routingFor({ city: 'Kathmandu', postalCode: '44600', countryCode: 'NP' })).toMatchObject({
      serviceArea: 'AA',
      airportCode: 'MEM',
    });
    // The label and the postal answer of the same place agree: one table, one hash.
    const place = placeRouting('CN', '518057', '深圳');
    expect(routingFor({ city: '深圳', postalCode: '518057', countryCode: 'CN' })).toEqual({
      serviceArea: place.serviceArea,
      airportCode: place.airportId,
      locationId: place.locationId,
    });
    expect(place.locationId).toMatch(/^CAN[A-Z]$/);
  });

  it('names services and their field 1274 codes, domestic and international', () => {
    expect([serviceNameOf('FEDEX_2_DAY'), serviceCodeOf('FEDEX_2_DAY')]).toEqual(['FedEx 2Day®', '03']);
    expect(serviceNameOf('SMART_POST')).toBe('SMART POST');
    expect(serviceCodeOf('SMART_POST')).toBe('00');
    expect(serviceTypeOfCode('01', false)).toBe('PRIORITY_OVERNIGHT');
    expect(serviceTypeOfCode('1', true)).toBe('INTERNATIONAL_PRIORITY');
    expect(serviceTypeOfCode('92', true)).toBeUndefined();
  });

  it('escapes ZPL field data so any text prints as given', () => {
    expect(zplFieldData('A^B~C_D\\E')).toBe('A_5EB_7EC_5FD_5CE');
    const zpl = `^XA^CI28^FO10,10^A0N,20,20^FH_^FD${zplFieldData('50% off ^FS ~JA _1E')}^FS^XZ`;
    expect(extractZplData(zpl)[0]!.fields[0]!.data).toBe('50% off ^FS ~JA _1E');
  });

  it('frames the shipment data in the MH10.8.3 envelope', () => {
    const d = fc.sample(labelData, { numRuns: 1, seed: 11 })[0]!;
    const text = encodeShipmentData(d);
    expect(text.startsWith('[)>\x1e01\x1d')).toBe(true);
    expect(text.endsWith('\x1e\x04')).toBe(true);
    expect(decodeShipmentData('nope')).toBeUndefined();
  });
});
