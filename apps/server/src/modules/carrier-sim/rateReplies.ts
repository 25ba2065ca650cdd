/**
 * The rating parts of the twin's replies, from the tariff model: the rate quote's
 * `rateReplyDetails`, and the delivery commitment and rating of a created shipment.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import { DIM_DIVISOR_CM3_PER_KG } from '@lab/core/shipping';
import type { LabServices } from '../../module.js';
import {
  commitmentFor,
  holidayCountries,
  operationalDetail,
  quoteFor,
  requireServiceOnLane,
  servicesAsked,
  shipmentFacts,
  type ShipmentFacts,
} from './rating.js';
import { accountCurrency, amount, DIM_DIVISOR_IN3_PER_LB, type Quote } from './tariff/rate.js';
import type { ServiceTerms } from './tariff/services.js';
import { transitDaysFor } from './tariff/transit.js';

type Json = JsonObject;

/** A weight in the units the request weighed in (LB in, LB out). */
const weight = (q: { units: string }, value: number) => ({ units: q.units, value });
/** The dimensional divisor of the quote's units (in³/lb for LB, cm³/kg for KG). */
const dimDivisor = (q: Quote) => (q.units === 'LB' ? DIM_DIVISOR_IN3_PER_LB : DIM_DIVISOR_CM3_PER_KG);

/** `ratedShipmentDetails[]` entry of a rate reply: the quote's parts and totals, per package and per shipment. */
export function ratedShipmentDetail(rateType: string, q: Quote): Json {
  const fuel = (cents: number) => [
    { type: 'FUEL', description: 'Fuel Surcharge', level: 'PACKAGE', amount: amount(cents) },
  ];
  const taxes: Json[] = [];
  if (q.dutyCents > 0)
    taxes.push({
      type: 'DUTY',
      name: 'Estimated import duty',
      description: 'Estimated import duty',
      amount: amount(q.dutyCents),
    });
  if (q.importTaxCents > 0)
    taxes.push({
      type: 'VAT',
      name: 'Estimated import tax',
      description: 'Estimated import tax',
      amount: amount(q.importTaxCents),
    });
  return {
    rateType,
    ratedWeightMethod: q.ratedWeightMethod,
    totalDiscounts: 0,
    totalBaseCharge: amount(q.freightCents),
    totalNetCharge: amount(q.netChargeCents),
    totalNetFedExCharge: amount(q.netChargeCents),
    totalDutiesAndTaxes: amount(q.dutiesAndTaxesCents),
    totalDutiesTaxesAndFees: amount(q.dutiesAndTaxesCents),
    totalNetChargeWithDutiesAndTaxes: amount(q.totalCents),
    shipmentRateDetail: {
      rateZone: String(q.zone).padStart(2, '0'),
      dimDivisor: dimDivisor(q),
      fuelSurchargePercent: q.fuelBasisPoints / 100,
      totalSurcharges: amount(q.fuelCents),
      totalFreightDiscount: 0,
      surCharges: fuel(q.fuelCents),
      taxes,
      totalBillingWeight: weight(q, q.billableKg),
      totalDimWeight: weight(q, q.dimKg),
      currency: q.currency,
    },
    ratedPackages: q.packages.map((p, i) => ({
      groupNumber: i + 1,
      effectiveNetDiscount: 0,
      packageRateDetail: {
        rateType,
        ratedWeightMethod: p.ratedWeightMethod,
        baseCharge: amount(p.freightCents),
        netFreight: amount(p.freightCents),
        totalSurcharges: amount(p.fuelCents),
        surcharges: fuel(p.fuelCents),
        netFedExCharge: amount(p.netCents),
        netCharge: amount(p.netCents),
        totalFreightDiscounts: 0,
        totalTaxes: 0,
        totalRebates: 0,
        billingWeight: weight(p, p.billableKg),
      },
    })),
    currency: q.currency,
  };
}

const serviceDescription = (service: ServiceTerms) => ({
  serviceType: service.serviceType,
  code: service.code,
  names: [{ type: 'long', encoding: 'utf-8', value: service.name }],
  description: service.name,
  serviceCategory: service.category === 'EXPRESS_FREIGHT' ? 'freight' : 'parcel',
});

/** The rate quote reply's entry for one service. */
function rateReplyDetail(
  service: ServiceTerms,
  facts: ShipmentFacts,
  rs: Json,
  currencies: [string, string][],
  withCommit: boolean,
): Json {
  const commit = commitmentFor(service, facts);
  const op = operationalDetail(service, facts, commit);
  return {
    serviceType: service.serviceType,
    serviceName: service.name,
    packagingType: str(rs.packagingType, 'YOUR_PACKAGING'),
    ...(facts.lane === 'international'
      ? {
          customerMessages: [
            {
              code: 'SERVICE.TYPE.INTERNATIONAL.MESSAGE',
              message:
                'Rate does not include duties & taxes, clearance entry fees or other import fees. The payor of duties/taxes/fees will be responsible for any applicable Clearance Entry Fees.',
            },
          ],
        }
      : {}),
    ratedShipmentDetails: currencies.map(([rateType, currency]) =>
      ratedShipmentDetail(rateType, quoteFor(service, facts, currency)),
    ),
    operationalDetail: {
      originLocationIds: [op.from.locationId],
      originServiceAreas: [op.from.serviceArea],
      destinationLocationIds: [op.to.locationId],
      destinationServiceAreas: [op.to.serviceArea],
      destinationPostalCode: facts.destinationPostalCode,
      countryCodes: [facts.destinationCountry],
      airportId: op.to.airportId,
      serviceCode: service.code,
      commitDays: [op.deliveryDay],
      commitDate: commit.deliveryDateTime,
      deliveryDate: commit.deliveryDateTime,
      deliveryDay: op.deliveryDay,
      transitTime: op.transitTime,
      publishedDeliveryTime: op.transitTime,
      ineligibleForMoneyBackGuarantee: service.commitTime === undefined,
    },
    signatureOptionType: 'SERVICE_DEFAULT',
    serviceDescription: serviceDescription(service),
    ...(withCommit
      ? {
          commit: {
            daysInTransit: op.transitTime,
            dateDetail: { dayOfWeek: op.deliveryDay, dayFormat: commit.deliveryDateTime },
            saturdayDelivery: false,
          },
        }
      : {}),
  };
}

/** The rate types a request asks for (ACCOUNT by default, the document says) and each one's currency. */
function rateTypes(rs: Json, facts: ShipmentFacts): [string, string][] {
  const asked = arr(rs.rateRequestType)
    .map((t) => str(t))
    .filter((t) => ['ACCOUNT', 'LIST', 'INCENTIVE', 'PREFERRED'].includes(t));
  const types = asked.length > 0 ? [...new Set(asked)] : ['ACCOUNT'];
  const billed = accountCurrency(facts.originCountry);
  const preferred = str(rs.preferredCurrency) || billed;
  return types.map((t) => [t, t === 'PREFERRED' ? preferred : billed]);
}

/** `output` of a rate quote: one entry per service the request asks about (the one it names, else the lane's). */
export async function rateQuoteOutput(places: LabServices['places'], body: Json, today: string): Promise<Json> {
  const rs = obj(body.requestedShipment);
  const facts = await shipmentFacts(places, rs, today);
  const services = servicesAsked(rs, facts);
  const controls = obj(body.rateRequestControlParameters);
  const order = str(controls.rateSortOrder);
  const sorted =
    order === 'COMMITASCENDING' || order === 'COMMITDESCENDING'
      ? [...services].sort(
          (a, b) =>
            (transitDaysFor(a, facts.zone) - transitDaysFor(b, facts.zone)) * (order === 'COMMITASCENDING' ? 1 : -1),
        )
      : services;
  const currencies = rateTypes(rs, facts);
  return {
    rateReplyDetails: sorted.map((s) =>
      rateReplyDetail(s, facts, rs, currencies, controls.returnTransitTimes === true),
    ),
    quoteDate: today,
    isEncoded: false,
  };
}

/**
 * The rating parts of a create-shipment reply: delivery date per piece, the shipment's
 * operational detail and rating. Throws the lane rule's error for a service the lane does not allow.
 */
export async function shipmentRating(places: LabServices['places'], rs: Json, today: string) {
  const facts = await shipmentFacts(places, rs, today);
  const service = requireServiceOnLane(str(rs.serviceType, 'PRIORITY_OVERNIGHT'), facts);
  const commit = commitmentFor(service, facts);
  const op = operationalDetail(service, facts, commit);
  const q = quoteFor(service, facts, accountCurrency(facts.originCountry));
  return {
    serviceCategory: service.category,
    /** What the shipment's lifecycle is planned from (lifecycle.ts): the promise of this rating. */
    promise: {
      shipDate: facts.shipDate,
      deliveryDate: commit.deliveryDate,
      /** The countries whose holidays the journey skips (lifecycle.ts): origin, destination. */
      holidayCountries: holidayCountries(facts),
      ground: service.category === 'GROUND',
      commitTime: service.commitTime,
      transitDays: commit.transitDays,
      international: facts.lane === 'international',
    },
    /** Fields the piece response of request line `i` gains (its first package's charges). */
    piece: (i: number): Json => {
      const p = q.packages[facts.lineFirstPackage[i] ?? 0]!;
      return {
        deliveryDatestamp: commit.deliveryDate,
        netChargeAmount: amount(p.netCents),
        baseRateAmount: amount(p.freightCents),
      };
    },
    completedShipmentDetail: {
      usDomestic: facts.lane === 'domestic' && facts.originCountry === 'US',
      carrierCode: service.carrierCode,
      serviceDescription: serviceDescription(service),
      operationalDetail: {
        originServiceArea: op.from.serviceArea,
        originLocationId: op.from.locationId,
        originLocationNumber: Number(op.from.locationNumber),
        airportId: op.to.airportId,
        destinationServiceArea: op.to.serviceArea,
        destinationLocationId: op.to.locationId,
        destinationLocationNumber: Number(op.to.locationNumber),
        destinationLocationStateOrProvinceCode: facts.destination?.stateOrProvinceCode ?? '',
        postalCode: facts.destinationPostalCode,
        countryCode: facts.destinationCountry,
        serviceCode: service.code,
        transitTime: op.transitTime,
        deliveryDate: commit.deliveryDate,
        deliveryDay: op.deliveryDay,
        commitDate: commit.deliveryDate,
        commitDay: op.deliveryDay,
        ineligibleForMoneyBackGuarantee: service.commitTime === undefined,
      },
      shipmentRating: {
        actualRateType: 'PAYOR_ACCOUNT_SHIPMENT',
        shipmentRateDetails: [
          {
            rateType: 'PAYOR_ACCOUNT_SHIPMENT',
            rateZone: String(q.zone).padStart(2, '0'),
            ratedWeightMethod: q.ratedWeightMethod,
            dimDivisor: dimDivisor(q),
            fuelSurchargePercent: q.fuelBasisPoints / 100,
            totalBillingWeight: weight(q, q.billableKg),
            totalBaseCharge: amount(q.freightCents),
            totalNetFreight: amount(q.freightCents),
            totalSurcharges: amount(q.fuelCents),
            totalNetFedExCharge: amount(q.netChargeCents),
            totalNetCharge: amount(q.netChargeCents),
            totalDutiesAndTaxes: amount(q.dutiesAndTaxesCents),
            totalDutiesTaxesAndFees: amount(q.dutiesAndTaxesCents),
            totalNetChargeWithDutiesAndTaxes: amount(q.totalCents),
            surcharges: [
              { surchargeType: 'FUEL', level: 'PACKAGE', description: 'Fuel Surcharge', amount: amount(q.fuelCents) },
            ],
            currency: q.currency,
          },
        ],
      },
    },
  };
}
