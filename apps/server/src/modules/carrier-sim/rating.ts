/**
 * What the twin reads from a shipment request to rate it (places, lane, zone, packages, customs
 * value, ship date), the lane rule, and the quote, commitment and routing of one service. The
 * numbers come from the tariff model (./tariff/), the places from the lookups' `places` service;
 * the replies are built in ./rateReplies.ts.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import { distanceKm } from '@lab/core/regions';
import type { LabServices } from '../../module.js';
import { carrierError } from './errors.js';
import {
  CM_PER_IN,
  convertCents,
  KG_PER_LB,
  quote,
  type PackageInput,
  type Quote,
  type WeightUnits,
} from './tariff/rate.js';
import { placeRouting as routingFor } from '@lab/core/carrier/label';
import {
  laneOf,
  serviceName,
  serviceRuns,
  serviceTerms,
  servicesOnLane,
  type Lane,
  type ServiceTerms,
} from './tariff/services.js';
import {
  addBusinessDays,
  dayOfWeek,
  farthestZone,
  firstBusinessDay,
  transitDaysFor,
  transitTimeWords,
  zoneFor,
} from './tariff/transit.js';
import { recipientOf } from './recipient.js';

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
  /** From the distance; the lane's farthest zone when a place is unknown. */
  zone: number;
  packages: PackageInput[];
  /** The units the request weighs in (its first package line's, else LB as `totalWeight` is): replies answer in them. */
  weightUnits: WeightUnits;
  /** Index in `packages` of each request line's first package (a line may stand for several). */
  lineFirstPackage: number[];
  /** Customs values of the commodities, in cents of their currencies. */
  customsValues: { cents: number; currency: string }[];
  documentsOnly: boolean;
  shipDate: string;
}

/** A positive number, also as the numeric string the documents' own examples send (`"151"`, accepted with a warning). */
const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

function packagesOf(rs: Json): { packages: PackageInput[]; lineFirstPackage: number[]; weightUnits: WeightUnits } {
  const packages: PackageInput[] = [];
  const lineFirstPackage: number[] = [];
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
    lineFirstPackage.push(Math.min(packages.length, MAX_RATED_PACKAGES - 1));
    for (let i = 0; i < count && packages.length < MAX_RATED_PACKAGES; i++)
      packages.push({ weightKg: kg, ...(dimensionsCm ? { dimensionsCm } : {}) });
  }
  const first = str(obj(obj(arr(rs.requestedPackageLineItems)[0]).weight).units).toUpperCase();
  const weightUnits: WeightUnits = first === 'KG' ? 'KG' : 'LB';
  if (packages.length > 0) return { packages, lineFirstPackage, weightUnits };
  // No package lines: the shipment's total weight (pounds unless the request says otherwise) as one package.
  const total = positive(rs.totalWeight) ?? 0;
  return { packages: [{ weightKg: total * KG_PER_LB }], lineFirstPackage: [0], weightUnits: 'LB' };
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
  const to = addressOf(rs.recipient ?? recipientOf(rs));
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
  const lane = laneOf(originCountry, destinationCountry);
  return {
    originCountry,
    destinationCountry,
    destinationPostalCode: str(to.postalCode),
    origin,
    destination,
    lane,
    distanceKm: km,
    zone: km === undefined ? farthestZone(lane) : zoneFor(km, lane),
    ...packagesOf(rs),
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

/** The shipment's actual weight in kg (the packages' sum). */
const shipmentKg = (facts: ShipmentFacts) => facts.packages.reduce((sum, p) => sum + p.weightKg, 0);

/** Whether a freight service's minimum weight lets it carry the shipment (parcel services have none). */
const heavyEnough = (service: ServiceTerms, facts: ShipmentFacts) =>
  service.minShipmentKg === undefined || shipmentKg(facts) >= service.minShipmentKg;

/** The rule "freight service below its minimum weight" (the documents give no code for it: ours). */
export function belowFreightMinimum(service: ServiceTerms, facts: ShipmentFacts) {
  const kg = Math.round(shipmentKg(facts) * 100) / 100;
  const min = service.minShipmentKg!;
  return carrierError(
    400,
    'SERVICE.WEIGHT.BELOWMINIMUM',
    `${service.name} carries shipments of at least ${min} kg (${Math.round(min / KG_PER_LB)} lb); this one weighs ${kg} kg. Please choose a parcel service and try again.`,
  );
}

/** The service a request names, refused when the lane does not allow it or the shipment is below its minimum weight. */
export function requireServiceOnLane(serviceType: string, facts: ShipmentFacts): ServiceTerms {
  const terms = serviceTerms(serviceType);
  if (!terms || !serviceRuns(terms, facts.originCountry, facts.destinationCountry)) {
    throw serviceNotOnLane(serviceType, facts);
  }
  if (!heavyEnough(terms, facts)) throw belowFreightMinimum(terms, facts);
  return terms;
}

/** The services a lane offers a shipment: those that run between its countries, freight only above its minimum weight. */
export const servicesFor = (facts: ShipmentFacts): ServiceTerms[] =>
  servicesOnLane(facts.lane, facts.originCountry, facts.destinationCountry).filter((s) => heavyEnough(s, facts));

/** The services a request asks about: the one it names (checked against the lane), else all the lane offers it. */
export function servicesAsked(rs: Json, facts: ShipmentFacts): ServiceTerms[] {
  const asked = str(rs.serviceType);
  return asked ? [requireServiceOnLane(asked, facts)] : servicesFor(facts);
}

export function quoteFor(service: ServiceTerms, facts: ShipmentFacts, currency: string): Quote {
  return quote({
    service,
    lane: facts.lane,
    zone: facts.zone,
    packages: facts.packages,
    currency,
    units: facts.weightUnits,
    customsValueCents: facts.customsValues.reduce((sum, v) => sum + convertCents(v.cents, v.currency, currency), 0),
    documentsOnly: facts.documentsOnly,
  });
}

export interface Commitment {
  transitDays: number;
  /** The first business day on or after the ship date at the origin (a holiday or weekend ship date is picked up after it). */
  pickupDate: string;
  deliveryDate: string;
  /** `YYYY-MM-DDTHH:MM:SS` with the service's commit time (end of day without one). */
  deliveryDateTime: string;
}

/** The countries whose public holidays a shipment's pickup and delivery skip: origin and destination. */
export const holidayCountries = (facts: Pick<ShipmentFacts, 'originCountry' | 'destinationCountry'>) =>
  facts.originCountry === facts.destinationCountry
    ? [facts.originCountry]
    : [facts.originCountry, facts.destinationCountry];

/**
 * When a shipment shipped on `shipDate` is picked up (the first business day at the origin) and
 * delivered (`transitDays` business days later, the holidays of both countries skipped).
 */
export function pickupAndDelivery(shipDate: string, transitDays: number, countries: readonly string[]) {
  const pickupDate = firstBusinessDay(shipDate, countries.slice(0, 1));
  return { pickupDate, deliveryDate: addBusinessDays(pickupDate, transitDays, countries) };
}

export function commitmentFor(service: ServiceTerms, facts: ShipmentFacts): Commitment {
  const transitDays = transitDaysFor(service, facts.zone);
  const { pickupDate, deliveryDate } = pickupAndDelivery(facts.shipDate, transitDays, holidayCountries(facts));
  return {
    transitDays,
    pickupDate,
    deliveryDate,
    deliveryDateTime: `${deliveryDate}T${service.commitTime ?? '23:59:00'}`,
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
