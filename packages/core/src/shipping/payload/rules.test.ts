import { describe, expect, it } from 'vitest';
import {
  availability,
  buildShipPayload,
  canAddAttachedDocument,
  canAddReference,
  choiceOptions,
  defaultShipPayloadState,
  FALLBACK_DOCUMENT_ENUMS,
  NOT_IN_DOCUMENT,
  packageProblem,
  shipChoicesFromDocument,
  type ShipPayloadState,
} from './index.js';

const NOW = new Date(2026, 10, 23, 9, 30);
const base = (patch: Partial<ShipPayloadState> = {}): ShipPayloadState => ({
  ...defaultShipPayloadState(NOW, '740561075'),
  ...patch,
});
type Json = Record<string, any>;
const build = (patch: Partial<ShipPayloadState> = {}) => {
  const r = buildShipPayload(base(patch));
  return { p: r.payload as Json, rs: (r.payload as Json).requestedShipment as Json, warnings: r.warnings };
};
const codes = (patch: Partial<ShipPayloadState>) => build(patch).warnings.map((w) => w.code);

describe('defaults', () => {
  it('ship date is today from the clock, CN shipper, US recipient, KG, CM, USD, LABEL, PDF, COMMON2D', () => {
    const { p, rs, warnings } = build();
    expect(warnings).toEqual([]);
    expect(rs.shipDatestamp).toBe('2026-11-23');
    expect(rs.shipper.address.countryCode).toBe('CN');
    expect(rs.recipients[0].address.countryCode).toBe('US');
    expect(rs.requestedPackageLineItems[0].weight.units).toBe('KG');
    expect(rs.requestedPackageLineItems[0].dimensions.units).toBe('CM');
    expect(rs.customsClearanceDetail.commodities[0].customsValue.currency).toBe('USD');
    expect(p.labelResponseOptions).toBe('LABEL');
    expect(rs.labelSpecification).toEqual({
      imageType: 'PDF',
      labelStockType: 'PAPER_4X6',
      labelFormatType: 'COMMON2D',
    });
    expect(p.accountNumber).toEqual({ value: '740561075' });
  });

  it('pads the date (yyyy-MM-dd)', () => {
    expect(defaultShipPayloadState(new Date(2027, 0, 5)).shipDate).toBe('2027-01-05');
  });

  it('SYNCHRONOUS_ONLY up to 40 packages, ALLOW_ASYNCHRONOUS above', () => {
    const pkg = { weight: '1', length: null, width: null, height: null };
    expect(build({ packages: Array.from({ length: 40 }, () => pkg) }).p.processingOptionType).toBe('SYNCHRONOUS_ONLY');
    expect(build({ packages: Array.from({ length: 41 }, () => pkg) }).p.processingOptionType).toBe(
      'ALLOW_ASYNCHRONOUS',
    );
  });
});

describe('special services', () => {
  it('ELECTRONIC_TRADE_DOCUMENTS adds etdDetail and enables the ETD tab; removing it removes both', () => {
    const on = base({
      specialServices: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdAttachedDocuments: [
        { documentType: 'COMMERCIAL_INVOICE', documentId: 'DOC-1' },
        { documentType: 'OTHER', documentId: '' },
      ],
      etdPostShipmentUpload: true,
    });
    expect(availability(on).etd).toBe(true);
    const rs = (buildShipPayload(on).payload as Json).requestedShipment as Json;
    expect(rs.shipmentSpecialServices).toEqual({
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: {
        requestedDocumentTypes: ['COMMERCIAL_INVOICE'],
        attachedDocuments: [{ documentType: 'COMMERCIAL_INVOICE', documentId: 'DOC-1' }],
        attributes: ['POST_SHIPMENT_UPLOAD_REQUESTED'],
      },
    });
    const off = { ...on, specialServices: [] };
    expect(availability(off).etd).toBe(false);
    expect(((buildShipPayload(off).payload as Json).requestedShipment as Json).shipmentSpecialServices).toBeUndefined();
  });

  it('no attributes without post-shipment upload', () => {
    const { rs } = build({ specialServices: ['ELECTRONIC_TRADE_DOCUMENTS'] });
    expect(rs.shipmentSpecialServices.etdDetail).toEqual({ requestedDocumentTypes: ['COMMERCIAL_INVOICE'] });
  });

  it('BROKER_SELECT_OPTION adds one IMPORT broker and enables BSO', () => {
    const broker = {
      ...base().broker,
      personName: 'Broker Bo',
      phoneNumber: '123',
      city: 'Memphis',
      accountNumber: '111',
    };
    const s = base({ specialServices: ['BROKER_SELECT_OPTION'], broker });
    expect(availability(s).bso).toBe(true);
    const rs = (buildShipPayload(s).payload as Json).requestedShipment as Json;
    expect(rs.customsClearanceDetail.brokers).toEqual([
      {
        broker: {
          contact: { personName: 'Broker Bo', phoneNumber: '123' },
          address: { streetLines: [], city: 'Memphis', countryCode: 'US' },
          accountNumber: { value: '111' },
        },
        type: 'IMPORT',
      },
    ]);
    expect(build().rs.customsClearanceDetail.brokers).toBeUndefined();
  });

  it('HOLD_AT_LOCATION adds holdAtLocationDetail{locationId} and enables HAL', () => {
    const s = base({ specialServices: ['HOLD_AT_LOCATION'], holdAtLocationId: 'MEMA' });
    expect(availability(s).hal).toBe(true);
    expect(
      build({ specialServices: ['HOLD_AT_LOCATION'], holdAtLocationId: 'MEMA' }).rs.shipmentSpecialServices,
    ).toEqual({
      specialServiceTypes: ['HOLD_AT_LOCATION'],
      holdAtLocationDetail: { locationId: 'MEMA' },
    });
    expect(availability(base()).hal).toBe(false);
  });
});

describe('service and declared value', () => {
  it('INTERNATIONAL_PRIORITY_FREIGHT enables freight and adds expressFreightDetail; other services remove it', () => {
    const s = {
      serviceType: 'INTERNATIONAL_PRIORITY_FREIGHT',
      bookingConfirmationNumber: '123456',
      shippersLoadAndCount: 4,
      packingListEnclosed: true,
    };
    expect(availability(base(s)).freight).toBe(true);
    expect(build(s).rs.expressFreightDetail).toEqual({
      bookingConfirmationNumber: 123456,
      shippersLoadAndCount: 4,
      packingListEnclosed: true,
    });
    expect(build({ ...s, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY' }).rs.expressFreightDetail).toBeUndefined();
    expect(availability(base()).freight).toBe(false);
  });

  it('a booking number that is not digits is left out with a warning', () => {
    const r = build({ serviceType: 'INTERNATIONAL_PRIORITY_FREIGHT', bookingConfirmationNumber: 'AB12' });
    expect(r.rs.expressFreightDetail).toEqual({ packingListEnclosed: false });
    expect(r.warnings.map((w) => w.message)).toContain('Booking confirmation number must be digits; left out');
  });

  it('total declared value checkbox adds/removes totalDeclaredValue{amount, currency USD}', () => {
    expect(build({ totalDeclaredValueEnabled: true, totalDeclaredValue: '50.456' }).rs.totalDeclaredValue).toEqual({
      amount: 50.46,
      currency: 'USD',
    });
    expect(build({ totalDeclaredValueEnabled: false, totalDeclaredValue: '50' }).rs.totalDeclaredValue).toBeUndefined();
  });
});

describe('payment', () => {
  it('shipping payor SENDER removes the payor and disables the account', () => {
    expect(build({ shippingAccount: '999' }).rs.shippingChargesPayment).toEqual({ paymentType: 'SENDER' });
    expect(availability(base()).shippingAccount).toBe(false);
  });

  it('another payor includes the payor with its account', () => {
    expect(build({ shippingPaymentType: 'THIRD_PARTY', shippingAccount: '999' }).rs.shippingChargesPayment).toEqual({
      paymentType: 'THIRD_PARTY',
      payor: { responsibleParty: { accountNumber: { value: '999' } } },
    });
    expect(availability(base({ shippingPaymentType: 'RECIPIENT' })).shippingAccount).toBe(true);
  });

  it('duties payor omitted when SENDER or the account is empty', () => {
    expect(build({ dutiesPaymentType: 'SENDER', dutiesAccount: '1' }).rs.customsClearanceDetail.dutiesPayment).toEqual({
      paymentType: 'SENDER',
    });
    expect(
      build({ dutiesPaymentType: 'RECIPIENT', dutiesAccount: '' }).rs.customsClearanceDetail.dutiesPayment,
    ).toEqual({ paymentType: 'RECIPIENT' });
    expect(
      build({ dutiesPaymentType: 'RECIPIENT', dutiesAccount: '22' }).rs.customsClearanceDetail.dutiesPayment,
    ).toEqual({
      paymentType: 'RECIPIENT',
      payor: { responsibleParty: { accountNumber: { value: '22' } } },
    });
  });
});

describe('ECI', () => {
  it('on: commercialInvoice, COMMERCIAL_INVOICE and the invoice detail', () => {
    const { rs } = build({ freightCharge: '3', comments: ['first', ''] });
    expect(rs.customsClearanceDetail.commercialInvoice).toEqual({
      comments: ['first'],
      termsOfSale: 'FOB',
      shipmentPurpose: 'SOLD',
      freightCharge: { amount: 3, currency: 'USD' },
    });
    expect(rs.shippingDocumentSpecification).toEqual({
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
      commercialInvoiceDetail: { documentFormat: { stockType: 'PAPER_LETTER', docType: 'PDF' } },
    });
  });

  it('off: commercialInvoice removed (spec 001 §4), shippingDocumentTypes emptied, ECI tab and image checkbox disabled', () => {
    const s = base({ eci: false, eciImages: true, freightCharge: '3' });
    const rs = (buildShipPayload(s).payload as Json).requestedShipment as Json;
    expect(Object.keys(rs.customsClearanceDetail)).not.toContain('commercialInvoice');
    expect(rs.customsClearanceDetail).toMatchObject({ dutiesPayment: { paymentType: 'SENDER' } });
    expect(buildShipPayload(s).warnings).toContainEqual({
      code: 'eciOffNoInvoice',
      field: 'eci',
      message:
        'ECI is off: commercialInvoice is left out, though the ship document lists it as required in customsClearanceDetail',
      values: {},
    });
    expect(rs.shippingDocumentSpecification).toEqual({ shippingDocumentTypes: [] });
    expect(availability(s)).toMatchObject({ eci: false, eciImages: false });
  });

  it('the ECI image checkbox adds/removes customerImageUsages for a letterhead and a signature', () => {
    const { rs } = build({ eciImages: true, letterheadImageId: 'IMAGE_3' });
    expect(rs.shippingDocumentSpecification.commercialInvoiceDetail.customerImageUsages).toEqual([
      { id: 'IMAGE_3', type: 'LETTER_HEAD', providedImageType: 'LETTER_HEAD' },
      { id: 'IMAGE_2', type: 'SIGNATURE', providedImageType: 'SIGNATURE' },
    ]);
    expect(
      build({ eciImages: false }).rs.shippingDocumentSpecification.commercialInvoiceDetail.customerImageUsages,
    ).toBeUndefined();
  });
});

describe('label', () => {
  it('thermal types keep label order, orientation and rotation; others remove them', () => {
    const zpl = build({ imageType: 'ZPLII', labelStockType: 'STOCK_4X6' }).rs.labelSpecification;
    expect(zpl).toEqual({
      imageType: 'ZPLII',
      labelStockType: 'STOCK_4X6',
      labelFormatType: 'COMMON2D',
      labelOrder: 'SHIPPING_LABEL_FIRST',
      labelPrintingOrientation: 'TOP_EDGE_OF_TEXT_FIRST',
      labelRotation: 'NONE',
    });
    expect(availability(base({ imageType: 'EPL2' })).thermal).toBe(true);
    expect(build({ imageType: 'PNG' }).rs.labelSpecification).toEqual({
      imageType: 'PNG',
      labelStockType: 'PAPER_4X6',
      labelFormatType: 'COMMON2D',
    });
  });

  it('doc tab only for thermal on a DOC_TAB stock', () => {
    expect(availability(base({ imageType: 'ZPLII', labelStockType: 'STOCK_4X6', docTabEnabled: true })).docTab).toBe(
      false,
    );
    expect(
      availability(base({ imageType: 'PDF', labelStockType: 'STOCK_4X9_LEADING_DOC_TAB', docTabEnabled: true })).docTab,
    ).toBe(false);
    const s = { imageType: 'ZPLII', labelStockType: 'STOCK_4X9_LEADING_DOC_TAB', docTabEnabled: true };
    expect(availability(base(s))).toMatchObject({ docTabOption: true, docTab: true });
    expect(build({ ...s, docTabContentType: 'STANDARD' }).rs.labelSpecification.customerSpecifiedDetail).toEqual({
      docTabContent: { docTabContentType: 'STANDARD' },
    });
    expect(build({ ...s, docTabEnabled: false }).rs.labelSpecification.customerSpecifiedDetail).toBeUndefined();
  });

  it('BARCODED keeps only barcoded, ZONE001 only zone001; a valid Data Field overrides the literal value', () => {
    const s = { imageType: 'ZPLII', labelStockType: 'STOCK_4X9_LEADING_DOC_TAB', docTabEnabled: true };
    const zone = {
      zoneNumber: 2,
      header: 'WT',
      dataField: 'REQUEST/PACKAGE/weight/Value',
      literalValue: 'x',
      justification: 'RIGHT',
    };
    expect(
      build({ ...s, docTabContentType: 'BARCODED', barcodedSymbology: 'CODE39', barcodedZone: zone }).rs
        .labelSpecification.customerSpecifiedDetail.docTabContent,
    ).toEqual({
      docTabContentType: 'BARCODED',
      barcoded: {
        symbology: 'CODE39',
        specification: {
          zoneNumber: 2,
          header: 'WT',
          dataField: 'REQUEST/PACKAGE/weight/Value',
          justification: 'RIGHT',
        },
      },
    });
    const r = build({
      ...s,
      docTabContentType: 'ZONE001',
      zones: [
        { ...zone, dataField: 'weight please' },
        { ...zone, zoneNumber: 13 },
      ],
    });
    expect(r.rs.labelSpecification.customerSpecifiedDetail.docTabContent).toEqual({
      docTabContentType: 'ZONE001',
      zone001: {
        docTabZoneSpecifications: [{ zoneNumber: 2, header: 'WT', literalValue: 'x', justification: 'RIGHT' }],
      },
    });
    expect(r.warnings.map((w) => w.message)).toEqual([
      'Data Field weight please is not a request or reply path; the literal value is used',
      'Zone numbers are 1 to 12; zone 13 left out',
    ]);
  });

  it('Additional Label adds/removes additionalLabels[{type, count}] and enables its tab', () => {
    const s = { additionalLabelEnabled: true, additionalLabelType: 'CUSTOMS', additionalLabelCount: 2 };
    expect(availability(base(s)).additionalLabel).toBe(true);
    expect(build(s).rs.labelSpecification.customerSpecifiedDetail).toEqual({
      additionalLabels: [{ type: 'CUSTOMS', count: 2 }],
    });
    expect(
      build({ ...s, additionalLabelEnabled: false }).rs.labelSpecification.customerSpecifiedDetail,
    ).toBeUndefined();
  });
});

describe('packages', () => {
  it('can be added only with weight > 0 and dimensions all empty or all > 0', () => {
    expect(packageProblem({ weight: '0', length: null, width: null, height: null })).toBe('weight');
    expect(packageProblem({ weight: '', length: null, width: null, height: null })).toBe('weight');
    expect(packageProblem({ weight: '2', length: 10, width: null, height: null })).toBe('dimensions');
    expect(packageProblem({ weight: '2', length: 10, width: 0, height: 5 })).toBe('dimensions');
    expect(packageProblem({ weight: '2', length: null, width: null, height: null })).toBeNull();
    expect(packageProblem({ weight: '2', length: 1, width: 2, height: 3 })).toBeNull();
  });

  it('dimensions are left out unless all three are set', () => {
    const { rs } = build({
      packages: [
        { weight: '2', length: 10, width: 5, height: null },
        { weight: '3', length: 1, width: 2, height: 3 },
      ],
    });
    expect(rs.requestedPackageLineItems).toEqual([
      { weight: { units: 'KG', value: 2 } },
      { weight: { units: 'KG', value: 3 }, dimensions: { length: 1, width: 2, height: 3, units: 'CM' } },
    ]);
  });

  it('freight warns when a package lacks length, width or height', () => {
    const r = build({
      serviceType: 'INTERNATIONAL_PRIORITY_FREIGHT',
      packages: [{ weight: '2', length: null, width: null, height: null }],
    });
    expect(r.warnings.map((w) => w.message)).toContain('Freight needs length, width and height on every package');
    expect(codes({ serviceType: 'INTERNATIONAL_PRIORITY_FREIGHT' })).not.toContain('freightDimensions');
  });

  it('references need both type and text (on the first package); attached documents need both type and id', () => {
    expect(canAddReference({ type: 'P_O_NUMBER', value: '' })).toBe(false);
    expect(canAddReference({ type: '', value: 'x' })).toBe(false);
    expect(canAddReference({ type: 'P_O_NUMBER', value: 'PO1' })).toBe(true);
    expect(canAddAttachedDocument({ documentType: 'OTHER', documentId: '' })).toBe(false);
    expect(canAddAttachedDocument({ documentType: 'OTHER', documentId: 'D' })).toBe(true);
    const { rs } = build({
      references: [
        { type: 'P_O_NUMBER', value: 'PO1' },
        { type: 'INVOICE_NUMBER', value: ' ' },
      ],
    });
    expect(rs.requestedPackageLineItems[0].customerReferences).toEqual([
      { customerReferenceType: 'P_O_NUMBER', value: 'PO1' },
    ]);
  });
});

describe('money and weights', () => {
  it('exact decimals: totals are sums rounded to 2, gross weight is the sum of package weights', () => {
    const { rs } = build({
      packages: [
        { weight: '0.1', length: null, width: null, height: null },
        { weight: '0.2', length: null, width: null, height: null },
      ],
      commodities: [
        { ...base().commodities[0]!, weight: '0.1', unitPrice: '0.1', quantity: 3, customsValue: '0.3' },
        { ...base().commodities[0]!, weight: '0.1', unitPrice: '1.005', quantity: 1, customsValue: '1.005' },
      ],
    });
    expect(rs.totalWeight).toBe(0.3);
    expect(rs.customsClearanceDetail.totalCustomsValue).toEqual({ amount: 1.31, currency: 'USD' });
    expect(rs.customsClearanceDetail.commodities[1].customsValue).toEqual({ amount: 1.005, currency: 'USD' });
  });

  it('an unreadable amount is 0 with a warning', () => {
    const r = build({ freightCharge: '12,5' });
    expect(r.rs.customsClearanceDetail.commercialInvoice.freightCharge).toEqual({ amount: 0, currency: 'USD' });
    expect(r.warnings.map((w) => w.message)).toContain('12,5 is not a number; 0 is used');
  });
});

describe('warnings', () => {
  it('total declared value more than total customs value', () => {
    const r = build({ totalDeclaredValueEnabled: true, totalDeclaredValue: '55.01' });
    expect(r.warnings).toEqual([
      {
        code: 'declaredOverCustoms',
        field: 'totalDeclaredValue',
        values: { declared: '55.01', customs: '55.00' },
        message: 'Total declared value 55.01 is more than the total customs value 55.00',
      },
    ]);
    expect(codes({ totalDeclaredValueEnabled: true, totalDeclaredValue: '55' })).toEqual([]);
  });

  it('total net weight more than total gross weight (LB converted to KG)', () => {
    expect(codes({ commodities: [{ ...base().commodities[0]!, weight: '2.01' }] })).toEqual(['netOverGross']);
    // 2 LB = 0.907 KG < 1.5 KG of commodities
    expect(codes({ weightUnits: 'LB' })).toEqual(['netOverGross']);
    expect(codes({ commodities: [{ ...base().commodities[0]!, weight: '2' }] })).toEqual([]);
  });

  it('customs value independent of unit price × units and of the invoice total', () => {
    const r = build({ commodities: [{ ...base().commodities[0]!, customsValue: '60' }] });
    expect(r.rs.customsClearanceDetail.commodities[0].customsValue).toEqual({ amount: 60, currency: 'USD' });
    expect(r.warnings.map((w) => w.message)).toEqual([
      'Commodity 1: customs value 60 is not unit price × units (55); the customs value is sent as entered',
      'Total customs value 60.00 is not the invoice total 55.00; the customs values are sent as entered',
    ]);
    expect(codes({ freightCharge: '5' })).toEqual(['customsVsInvoice']);
  });

  it('the ETD tab asks for COMMERCIAL_INVOICE when ECI is on', () => {
    const s = { specialServices: ['ELECTRONIC_TRADE_DOCUMENTS'], etdRequestedDocumentTypes: ['LABEL'] };
    expect(build(s).warnings.map((w) => [w.field, w.message])).toEqual([
      ['etdRequestedDocumentTypes', 'ECI is on: ask for COMMERCIAL_INVOICE in the ETD document types'],
    ]);
    expect(codes({ ...s, eci: false })).toEqual(['eciOffNoInvoice']); // not the ETD one; the invoice is left out
  });

  it('a city longer than 35 is cut, with a warning beside it', () => {
    const r = build({ recipient: { ...base().recipient, city: 'X'.repeat(40) } });
    expect(r.rs.recipients[0].address.city).toBe('X'.repeat(35));
    expect(r.warnings.map((w) => w.field)).toEqual(['recipient.city']);
  });
});

describe('choices from the ship document', () => {
  it('product extras the document lacks stay selectable, flagged, and warn when chosen', () => {
    expect(choiceOptions('pickupType')).toContainEqual({ value: 'ON_CALL', inDocument: false });
    expect(choiceOptions('pickupType')).toContainEqual({ value: 'USE_SCHEDULED_PICKUP', inDocument: true });
    expect(choiceOptions('customerReferenceType')).toContainEqual({ value: 'SHIPMENT_INTEGRITY', inDocument: false });
    // no enum in the document: the product's list, all in
    expect(choiceOptions('serviceType').every((o) => o.inDocument)).toBe(true);
    const r = build({ pickupType: 'ON_CALL', references: [{ type: 'SHIPMENT_INTEGRITY', value: 'S1' }] });
    expect(r.warnings.map((w) => [w.field, w.message])).toEqual([
      ['references', `SHIPMENT_INTEGRITY: ${NOT_IN_DOCUMENT}`],
      ['pickupType', `ON_CALL: ${NOT_IN_DOCUMENT}`],
    ]);
  });

  it('reads enums from an imported document (refs and allOf), null where it has none', () => {
    const doc = {
      components: {
        schemas: {
          Full_Schema_Ship: {
            properties: {
              labelResponseOptions: { type: 'string', enum: ['LABEL'] },
              requestedShipment: { $ref: '#/components/schemas/RS' },
            },
          },
          RS: { allOf: [{ properties: { pickupType: { enum: ['ON_CALL', 'USE_SCHEDULED_PICKUP'] } } }] },
        },
      },
    };
    const enums = shipChoicesFromDocument(doc)!;
    expect(enums.labelResponseOptions).toEqual(['LABEL']);
    expect(enums.pickupType).toEqual(['ON_CALL', 'USE_SCHEDULED_PICKUP']);
    expect(enums.imageType).toBeNull();
    expect(choiceOptions('pickupType', enums).find((o) => o.value === 'ON_CALL')).toEqual({
      value: 'ON_CALL',
      inDocument: true,
    });
    expect(
      buildShipPayload(base({ pickupType: 'ON_CALL', labelResponseOptions: 'URL_ONLY' }), enums).warnings.map(
        (w) => w.message,
      ),
    ).toEqual([`URL_ONLY: ${NOT_IN_DOCUMENT}`]);
    expect(shipChoicesFromDocument({ openapi: '3.0.0' })).toBeNull();
    expect(FALLBACK_DOCUMENT_ENUMS.pickupType).not.toContain('ON_CALL');
  });
});
