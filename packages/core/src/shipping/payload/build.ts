/**
 * The create-shipment request from the generator's state: packages, commodities and their totals,
 * parties, payment, special services, customs and the shipping documents; the label specification
 * comes from labelSpecification.ts. Warnings collect as it goes (warnings.ts).
 */
import { type DocumentEnums, FALLBACK_DOCUMENT_ENUMS } from './choices.js';
import { labelSpecification } from './labelSpecification.js';
import { type Decimal, KG_PER_LB, round2, sum, to2, toNumber, ZERO } from './money.js';
import { type Json, money, nonEmpty, positiveInt } from './requestValues.js';
import {
  availability,
  type PartyInput,
  type ShipPayloadState,
  SYNCHRONOUS_PACKAGE_LIMIT,
  canAddAttachedDocument,
  canAddReference,
} from './state.js';
import { type PayloadWarning, WarningCollector } from './warnings.js';

export interface ShipPayloadResult {
  payload: Record<string, unknown>;
  warnings: PayloadWarning[];
}

const CITY_MAX = 35;

function party(p: PartyInput, field: string, w: WarningCollector): Json {
  const contact: Json = {};
  if (nonEmpty(p.personName)) contact.personName = p.personName;
  contact.phoneNumber = p.phoneNumber;
  if (nonEmpty(p.companyName)) contact.companyName = p.companyName;
  let city = p.city;
  if (city.length > CITY_MAX) {
    w.add('cityTooLong', `${field}.city`);
    city = city.slice(0, CITY_MAX);
  }
  const address: Json = { streetLines: p.streetLines.filter(nonEmpty), city };
  if (nonEmpty(p.stateOrProvinceCode)) address.stateOrProvinceCode = p.stateOrProvinceCode;
  if (nonEmpty(p.postalCode)) address.postalCode = p.postalCode;
  address.countryCode = p.countryCode;
  return { contact, address };
}

/**
 * Builds the create-shipment request from the generator's state. Pure; never throws; every rule of
 * the generator is here (issue 14). `enums` are the current ship document's lists (else the
 * reference document's): values outside them are kept, with a `not in the current API document` warning.
 */
export function buildShipPayload(
  s: ShipPayloadState,
  enums: DocumentEnums = FALLBACK_DOCUMENT_ENUMS,
): ShipPayloadResult {
  const w = new WarningCollector(enums);
  const a = availability(s);
  const currency = s.currency;

  // Packages: weights exact; dimensions only when all three are set.
  w.choice('weightUnits', 'weightUnits', s.weightUnits);
  w.choice('dimensionUnits', 'dimensionUnits', s.dimensionUnits);
  const weights: Decimal[] = [];
  const references = s.references.filter(canAddReference);
  for (const r of references) w.choice('customerReferenceType', 'references', r.type);
  let missingDims = false;
  const packages = s.packages.map((p, i) => {
    const weight = w.decimal(`packages.${i}.weight`, p.weight) ?? ZERO;
    weights.push(weight);
    const line: Json = { weight: { units: s.weightUnits, value: toNumber(weight) } };
    const dims = [positiveInt(p.length), positiveInt(p.width), positiveInt(p.height)];
    if (dims.every((d) => d !== null)) {
      line.dimensions = { length: dims[0], width: dims[1], height: dims[2], units: s.dimensionUnits };
    } else missingDims = true;
    if (i === 0 && references.length > 0) {
      line.customerReferences = references.map((r) => ({ customerReferenceType: r.type, value: r.value }));
    }
    return line;
  });
  if (a.freight && (missingDims || s.packages.length === 0)) w.add('freightDimensions', 'packages');
  const grossWeight = sum(weights);

  // Commodities and their totals (exact decimals, totals rounded to 2).
  const customsValues: Decimal[] = [];
  const unitTotals: Decimal[] = [];
  const netWeights: Decimal[] = [];
  const commodities = s.commodities.map((c, i) => {
    const out: Json = { description: c.description };
    if (nonEmpty(c.harmonizedCode)) out.harmonizedCode = c.harmonizedCode;
    if (nonEmpty(c.countryOfManufacture)) out.countryOfManufacture = c.countryOfManufacture;
    const quantity = c.quantity !== null && Number.isFinite(c.quantity) ? Math.max(0, Math.trunc(c.quantity)) : null;
    if (quantity !== null) out.quantity = Math.min(quantity, 2_147_483_647);
    if (nonEmpty(c.quantityUnits)) out.quantityUnits = c.quantityUnits;
    const unitPrice = w.decimal(`commodities.${i}.unitPrice`, c.unitPrice);
    if (unitPrice) out.unitPrice = money(unitPrice, currency);
    const customs = w.decimal(`commodities.${i}.customsValue`, c.customsValue);
    if (customs) {
      out.customsValue = money(customs, currency);
      customsValues.push(customs);
    }
    if (unitPrice && quantity !== null) {
      const product = unitPrice.times(quantity);
      unitTotals.push(product);
      if (customs && !customs.eq(product)) {
        w.add('customsVsUnits', `commodities.${i}.customsValue`, {
          index: i + 1,
          customs: customs.toString(),
          product: product.toString(),
        });
      }
    }
    const weight = w.decimal(`commodities.${i}.weight`, c.weight);
    if (weight) {
      out.weight = { units: 'KG', value: toNumber(weight) };
      netWeights.push(weight);
    }
    return out;
  });
  const totalCustoms = sum(customsValues);

  // Money fields of the invoice.
  const charges: Record<string, Decimal | null> = {};
  for (const k of ['freightCharge', 'packingCosts', 'handlingCosts', 'taxesOrMiscellaneousCharge'] as const) {
    charges[k] = s.eci ? w.decimal(k, s[k]) : null;
  }
  const insurance = w.decimal('insuranceCharge', s.insuranceCharge);

  // Warnings across fields.
  const declared = s.totalDeclaredValueEnabled ? (w.decimal('totalDeclaredValue', s.totalDeclaredValue) ?? ZERO) : null;
  if (declared) {
    if (declared.gt(totalCustoms)) {
      w.add('declaredOverCustoms', 'totalDeclaredValue', {
        declared: round2(declared).toFixed(2),
        customs: round2(totalCustoms).toFixed(2),
      });
    }
  }
  const grossKg = s.weightUnits === 'LB' ? grossWeight.times(KG_PER_LB) : grossWeight;
  const net = sum(netWeights);
  if (net.gt(grossKg)) {
    w.add('netOverGross', 'commodities', { net: round2(net).toFixed(2), gross: round2(grossKg).toFixed(2) });
  }
  if (s.eci && customsValues.length > 0 && unitTotals.length > 0) {
    const invoice = sum([...unitTotals, ...Object.values(charges).filter((d): d is Decimal => d !== null)]);
    if (!to2(invoice).eq(to2(totalCustoms))) {
      w.add('customsVsInvoice', 'commodities', {
        customs: round2(totalCustoms).toFixed(2),
        invoice: round2(invoice).toFixed(2),
      });
    }
  }

  // The request.
  w.choice('labelResponseOptions', 'labelResponseOptions', s.labelResponseOptions);
  w.choice('pickupType', 'pickupType', s.pickupType);
  w.choice('serviceType', 'serviceType', s.serviceType);
  w.choice('packagingType', 'packagingType', s.packagingType);
  w.choice('paymentType', 'shippingPaymentType', s.shippingPaymentType);
  w.choice('dutiesPaymentType', 'dutiesPaymentType', s.dutiesPaymentType);

  const rs: Json = { shipDatestamp: s.shipDate };
  if (declared) rs.totalDeclaredValue = { amount: round2(declared), currency: 'USD' };
  rs.shipper = party(s.shipper, 'shipper', w);
  rs.recipients = [party(s.recipient, 'recipient', w)];
  rs.pickupType = s.pickupType;
  rs.serviceType = s.serviceType;
  rs.packagingType = s.packagingType;
  rs.totalWeight = round2(grossWeight);

  const shippingChargesPayment: Json = { paymentType: s.shippingPaymentType };
  if (a.shippingAccount) {
    shippingChargesPayment.payor = { responsibleParty: { accountNumber: { value: s.shippingAccount } } };
  }
  rs.shippingChargesPayment = shippingChargesPayment;

  if (s.specialServices.length > 0) {
    for (const t of s.specialServices) w.choice('specialServiceType', 'specialServices', t);
    const special: Json = { specialServiceTypes: [...s.specialServices] };
    if (a.etd) {
      for (const t of s.etdRequestedDocumentTypes) w.choice('etdRequestedDocumentType', 'etdRequestedDocumentTypes', t);
      const etd: Json = { requestedDocumentTypes: [...s.etdRequestedDocumentTypes] };
      const attached = s.etdAttachedDocuments.filter(canAddAttachedDocument);
      for (const d of attached) w.choice('etdAttachedDocumentType', 'etdAttachedDocuments', d.documentType);
      if (attached.length > 0) {
        etd.attachedDocuments = attached.map((d) => ({ documentType: d.documentType, documentId: d.documentId }));
      }
      if (s.etdPostShipmentUpload) etd.attributes = ['POST_SHIPMENT_UPLOAD_REQUESTED'];
      special.etdDetail = etd;
      if (s.eci && !s.etdRequestedDocumentTypes.includes('COMMERCIAL_INVOICE')) {
        w.add('etdNeedsCommercialInvoice', 'etdRequestedDocumentTypes');
      }
    }
    if (a.hal) special.holdAtLocationDetail = { locationId: s.holdAtLocationId };
    rs.shipmentSpecialServices = special;
  }

  if (a.freight) {
    const freight: Json = {};
    const booking = s.bookingConfirmationNumber.trim();
    if (/^\d{1,15}$/.test(booking)) freight.bookingConfirmationNumber = Number(booking);
    else if (booking !== '') w.add('bookingNotNumber', 'bookingConfirmationNumber');
    const slac = positiveInt(s.shippersLoadAndCount);
    if (slac !== null) freight.shippersLoadAndCount = slac;
    freight.packingListEnclosed = s.packingListEnclosed;
    rs.expressFreightDetail = freight;
  }

  const customs: Json = {};
  if (a.bso) {
    const broker = party(s.broker, 'broker', w);
    if (nonEmpty(s.broker.accountNumber)) broker.accountNumber = { value: s.broker.accountNumber };
    customs.brokers = [{ broker, type: 'IMPORT' }];
  }
  // ECI off removes commercialInvoice altogether (spec 001 §4), not an empty object.
  if (s.eci) {
    const invoice: Json = {};
    const comments = s.comments.filter(nonEmpty);
    if (comments.length > 0) invoice.comments = comments;
    if (nonEmpty(s.declarationStatement)) invoice.declarationStatement = s.declarationStatement;
    if (nonEmpty(s.specialInstructions)) invoice.specialInstructions = s.specialInstructions;
    if (nonEmpty(s.termsOfSale)) invoice.termsOfSale = s.termsOfSale;
    w.choice('shipmentPurpose', 'shipmentPurpose', s.shipmentPurpose);
    invoice.shipmentPurpose = s.shipmentPurpose;
    for (const [k, d] of Object.entries(charges)) if (d) invoice[k] = money(d, currency);
    customs.commercialInvoice = invoice;
  } else {
    w.add('eciOffNoInvoice', 'eci');
  }
  const duties: Json = { paymentType: s.dutiesPaymentType };
  if (s.dutiesPaymentType !== 'SENDER' && nonEmpty(s.dutiesAccount)) {
    duties.payor = { responsibleParty: { accountNumber: { value: s.dutiesAccount } } };
  }
  customs.dutiesPayment = duties;
  customs.isDocumentOnly = s.isDocumentOnly;
  if (insurance) customs.insuranceCharge = money(insurance, currency);
  customs.commodities = commodities;
  if (customsValues.length > 0) customs.totalCustomsValue = { amount: round2(totalCustoms), currency };
  rs.customsClearanceDetail = customs;

  rs.labelSpecification = labelSpecification(s, w);
  if (s.eci) {
    const detail: Json = { documentFormat: { stockType: 'PAPER_LETTER', docType: 'PDF' } };
    if (a.eciImages) {
      w.choice('customerImageId', 'letterheadImageId', s.letterheadImageId);
      w.choice('customerImageId', 'signatureImageId', s.signatureImageId);
      detail.customerImageUsages = [
        { id: s.letterheadImageId, type: 'LETTER_HEAD', providedImageType: 'LETTER_HEAD' },
        { id: s.signatureImageId, type: 'SIGNATURE', providedImageType: 'SIGNATURE' },
      ];
    }
    rs.shippingDocumentSpecification = {
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
      commercialInvoiceDetail: detail,
    };
  } else {
    rs.shippingDocumentSpecification = { shippingDocumentTypes: [] };
  }
  rs.requestedPackageLineItems = packages;

  const payload: Json = {
    labelResponseOptions: s.labelResponseOptions,
    requestedShipment: rs,
    accountNumber: { value: s.accountNumber },
    processingOptionType: s.packages.length > SYNCHRONOUS_PACKAGE_LIMIT ? 'ALLOW_ASYNCHRONOUS' : 'SYNCHRONOUS_ONLY',
  };
  return { payload, warnings: w.list };
}
