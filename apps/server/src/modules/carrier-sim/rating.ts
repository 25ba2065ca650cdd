/**
 * What the twin reads from a shipment request to rate it, and the rating parts of its replies:
 * rate quotes, and the delivery commitment and rating of a created shipment. The numbers come
 * from the tariff model (./tariff/), the places from the lookups' `places` service.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import { distanceKm } from '@lab/core/regions';
import { DIM_DIVISOR_CM3_PER_KG } from '@lab/core/shipping';
import type { LabServices } from '../../module.js';
import { carrierError } from './errors.js';
import {
  accountCurrency,
  amount,
  CM_PER_IN,
  convertCents,
  KG_PER_LB,
  quote,
  type PackageInput,
  type Quote,
} from './tariff/rate.js';
import { routingFor } from './tariff/routing.js';
import { laneOf, serviceName, serviceTerms, servicesOnLane, type Lane, type ServiceTerms } from './tariff/services.js';
import { addBusinessDays, dayOfWeek, LAST_ZONE, transitDaysFor, transitTimeWords, zoneFor } from './tariff/transit.js';

type Json = JsonObject;
type Located = NonNullable<Awaited<ReturnType<LabServices['places']['locate']>>>;

/** A package count past this is rated as this many (a guard against `groupPackageCount: 1e9`). */
const MAX_RATED_PACKAGES = 999;

/** What rating needs of a request's `requestedShipment`. */
export interface ShipmentFacts {
  originCountry: string;
  destinationCountry: string;
  destinationPostalCode: string;
  origin: Located | undefined;
  destination: Located | undefined;
  lane: Lane;
  /** Great-circle km between the two places; undefined when one is not in our data. */
  distanceKm: number | undefined;
  /** From the distance; the last zone when a place is unknown. */
  zone: number;
  packages: PackageInput[];
  /** Customs values of the commodities, in cents of their currencies. */
  customsValues: { cents: number; currency: string }[];
  documentsOnly: boolean;
  shipDate: string;
}

const positive = (v: unknown): number | undefined => (typeof v === 'number' && v > 0 ? v : undefined);

function packagesOf(rs: Json): PackageInput[] {
  const packages: PackageInput[] = [];
  for (const line of arr(rs.requestedPackageLineItems).map(obj)) {
    const weight = obj(line.weight);
    const kg = (positive(weight.value) ?? 0) * (str(weight.units) === 'KG' ? 1 : KG_PER_LB);
    const d = obj(line.dimensions);
    const sides = [positive(d.length), positive(d.width), positive(d.height)];
    const perCm = str(d.units) === 'CM' ? 1 : CM_PER_IN;
    const dimensionsCm = sides.every((x) => x !== undefined)
      ? (sides.map((x) => x! * perCm) as [number, number, number])
      : undefined;
    const count = Math.min(Math.floor(positive(line.groupPackageCount) ?? 1), MAX_RATED_PACKAGES);
    for (let i = 0; i < count && packages.length < MAX_RATED_PACKAGES; i++)
      packages.push({ weightKg: kg, ...(dimensionsCm ? { dimensionsCm } : {}) });
  }
  if (packages.length > 0) return packages;
  // No package lines: the shipment's total weight (pounds unless the request says otherwise) as one package.
  const total = positive(rs.totalWeight) ?? 0;
  return [{ weightKg: total * KG_PER_LB }];
}

function customsValuesOf(rs: Json): { cents: number; currency: string }[] {
  const customs = obj(rs.customsClearanceDetail);
  const money = (m: Json) => ({ cents: Math.round((positive(m.amount) ?? 0) * 100), currency: str(m.currency, 'USD') });
  const commodities = arr(customs.commodities).map((c) => money(obj(obj(c).customsValue)));
  return commodities.length > 0
    ? commodities
    : customs.totalCustomsValue
      ? [money(obj(customs.totalCustomsValue))]
      : [];
}

const addressOf = (party: unknown) => obj(obj(party).address);

/** Reads and locates a shipment request (rate quote, availability, create shipment). */
export async function shipmentFacts(places: LabServices['places'], rs: Json, today: string): Promise<ShipmentFacts> {
  const from = addressOf(rs.shipper);
  const to = addressOf(rs.recipient ?? arr(rs.recipients)[0]);
  const originCountry = str(from.countryCode, 'US').toUpperCase();
  const destinationCountry = str(to.countryCode, 'US').toUpperCase();
  // A party without a city or postal code is nowhere in particular: rated in the last zone.
  const where = async (a: Json, country: string) =>
    str(a.city) || str(a.postalCode)
      ? places.locate({
          city: str(a.city) || undefined,
          postalCode: str(a.postalCode) || undefined,
          countryCode: country,
        })
      : undefined;
  const [origin, destination] = await Promise.all([where(from, originCountry), where(to, destinationCountry)]);
  const km = origin && destination ? distanceKm(origin, destination) : undefined;
  const customs = obj(rs.customsClearanceDetail);
  return {
    originCountry,
    destinationCountry,
    destinationPostalCode: str(to.postalCode),
    origin,
    destination,
    lane: laneOf(originCountry, destinationCountry),
    distanceKm: km,
    zone: km === undefined ? LAST_ZONE : zoneFor(km),
    packages: packagesOf(rs),
    customsValues: customsValuesOf(rs),
    documentsOnly: customs.isDocumentOnly === true || rs.documentShipment === true,
    shipDate: /^\d{4}-\d{2}-\d{2}/.test(str(rs.shipDatestamp ?? rs.shipDateStamp))
      ? str(rs.shipDatestamp ?? rs.shipDateStamp).slice(0, 10)
      : today,
  };
}

/** The rule "service not available on the lane" (the documents give no code for it: ours). */
export function serviceNotOnLane(serviceType: string, facts: ShipmentFacts) {
  return carrierError(
    400,
    'SERVICE.LANE.NOTAVAILABLE',
    `${serviceName(serviceType)} is not available from ${facts.originCountry} to ${facts.destinationCountry}. Please choose a service that serves this lane and try again.`,
  );
}

/** The service a request names, refused when the lane does not allow it. */
export function requireServiceOnLane(serviceType: string, facts: ShipmentFacts): ServiceTerms {
  const terms = serviceTerms(serviceType);
  if (!terms || terms.lane !== facts.lane) throw serviceNotOnLane(serviceType, facts);
  return terms;
}

/** The services a request asks about: the one it names (checked against the lane), else all the lane allows. */
export function servicesAsked(rs: Json, facts: ShipmentFacts): ServiceTerms[] {
  const asked = str(rs.serviceType);
  return asked ? [requireServiceOnLane(asked, facts)] : servicesOnLane(facts.lane);
}

export function quoteFor(service: ServiceTerms, facts: ShipmentFacts, currency: string): Quote {
  return quote({
    service,
    lane: facts.lane,
    zone: facts.zone,
    packages: facts.packages,
    currency,
    customsValueCents: facts.customsValues.reduce((sum, v) => sum + convertCents(v.cents, v.currency, currency), 0),
    documentsOnly: facts.documentsOnly,
  });
}

export interface Commitment {
  transitDays: number;
  deliveryDate: string;
  /** `YYYY-MM-DDTHH:MM:SS` with the service's commit time (end of day without one). */
  deliveryDateTime: string;
}

export function commitmentFor(service: ServiceTerms, facts: ShipmentFacts): Commitment {
  const transitDays = transitDaysFor(service, facts.zone);
  const deliveryDate = addBusinessDays(facts.shipDate, transitDays);
  return { transitDays, deliveryDate, deliveryDateTime: `${deliveryDate}T${service.commitTime ?? '23:59:00'}` };
}

const kg = (value: number) => ({ units: 'KG', value });

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
      dimDivisor: DIM_DIVISOR_CM3_PER_KG,
      fuelSurchargePercent: q.fuelBasisPoints / 100,
      totalSurcharges: amount(q.fuelCents),
      totalFreightDiscount: 0,
      surCharges: fuel(q.fuelCents),
      taxes,
      totalBillingWeight: kg(q.billableKg),
      totalDimWeight: kg(q.dimKg),
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
        billingWeight: kg(p.billableKg),
      },
    })),
    currency: q.currency,
  };
}

/** The operational detail of a service on a lane: routing of both ends, transit and delivery. */
export function operationalDetail(service: ServiceTerms, facts: ShipmentFacts, commit: Commitment) {
  const origin = facts.origin;
  const destination = facts.destination;
  const from = routingFor(facts.originCountry, origin?.postalCode ?? '', origin?.city ?? '');
  const to = routingFor(facts.destinationCountry, facts.destinationPostalCode, destination?.city ?? '');
  return {
    service,
    from,
    to,
    commit,
    transitTime: transitTimeWords(commit.transitDays),
    deliveryDay: dayOfWeek(commit.deliveryDate),
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
    /** Fields each piece response gains (by package index). */
    piece: (i: number): Json => {
      const p = q.packages[Math.min(i, q.packages.length - 1)]!;
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
            dimDivisor: DIM_DIVISOR_CM3_PER_KG,
            fuelSurchargePercent: q.fuelBasisPoints / 100,
            totalBillingWeight: kg(q.billableKg),
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
