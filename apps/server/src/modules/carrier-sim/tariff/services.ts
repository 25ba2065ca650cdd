/**
 * The twin's service list: which services a lane allows, their names and codes, how long they take
 * and what they cost. It is a MODEL (docs/modules/carrier.md, "Tariff model"), not the carrier's
 * price list: the prices are plausible orders of magnitude, chosen so that faster costs more,
 * heavier costs more and farther costs more.
 */

/** Domestic: origin and destination in one country; international: two countries. */
export type Lane = 'domestic' | 'international';

export interface ServiceTerms {
  serviceType: string;
  /** The carrier's display name (`serviceName` in replies). */
  name: string;
  /** The service code replies carry (`operationalDetail.serviceCode`, `serviceDescription.code`). */
  code: string;
  lane: Lane;
  /** `serviceCategory` of the replies. */
  category: 'EXPRESS' | 'GROUND' | 'EXPRESS_FREIGHT';
  carrierCode: 'FDXE' | 'FDXG';
  /** Business days in transit in zone 2 (the nearest). */
  transitDays: number;
  /** One more business day every `zonesPerExtraDay` zones past zone 2; 0: the same days in every zone. */
  zonesPerExtraDay: number;
  /** Base charge of a shipment before weight, in US cents. */
  baseCents: number;
  /** Charge per billable half kilogram in zone 2, in US cents (zone factors raise it farther away). */
  perHalfKgCents: number;
  /** Fuel surcharge in basis points of the freight charge (1450 = 14.50 %). */
  fuelBasisPoints: number;
  /** The time of day the service commits to deliver by, when it has one. */
  commitTime?: string;
}

const EXPRESS_FUEL = 1450;
const GROUND_FUEL = 1225;

type Row = [
  serviceType: string,
  name: string,
  code: string,
  lane: Lane,
  category: ServiceTerms['category'],
  transitDays: number,
  zonesPerExtraDay: number,
  baseCents: number,
  perHalfKgCents: number,
  commitTime: string | undefined,
];

// prettier-ignore
const ROWS: Row[] = [
  ['FIRST_OVERNIGHT', 'FedEx First Overnight®', '06', 'domestic', 'EXPRESS', 1, 0, 6900, 310, '08:00:00'],
  ['PRIORITY_OVERNIGHT', 'FedEx Priority Overnight®', '01', 'domestic', 'EXPRESS', 1, 0, 5400, 260, '10:30:00'],
  ['STANDARD_OVERNIGHT', 'FedEx Standard Overnight®', '05', 'domestic', 'EXPRESS', 1, 0, 4800, 230, '17:00:00'],
  ['FEDEX_2_DAY', 'FedEx 2Day®', '03', 'domestic', 'EXPRESS', 2, 0, 2900, 150, '17:00:00'],
  ['FEDEX_EXPRESS_SAVER', 'FedEx Express Saver®', '20', 'domestic', 'EXPRESS', 3, 0, 2300, 120, '17:00:00'],
  ['FEDEX_GROUND', 'FedEx Ground®', '92', 'domestic', 'GROUND', 1, 1, 1100, 45, undefined],
  ['GROUND_HOME_DELIVERY', 'FedEx Home Delivery®', '90', 'domestic', 'GROUND', 1, 1, 1250, 45, undefined],
  ['INTERNATIONAL_FIRST', 'FedEx International First®', '06', 'international', 'EXPRESS', 1, 3, 15900, 720, '08:00:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 'FedEx International Priority® Express', '01', 'international', 'EXPRESS', 1, 3, 11900, 560, '10:30:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY', 'FedEx International Priority®', '01', 'international', 'EXPRESS', 1, 3, 9900, 480, '17:00:00'],
  // The service's name before 2022, still accepted by the ship document.
  ['INTERNATIONAL_PRIORITY', 'FedEx International Priority®', '01', 'international', 'EXPRESS', 1, 3, 9900, 480, '17:00:00'],
  ['INTERNATIONAL_ECONOMY', 'FedEx International Economy®', '03', 'international', 'EXPRESS', 2, 2, 7900, 390, undefined],
  ['FEDEX_INTERNATIONAL_CONNECT_PLUS', 'FedEx International Connect Plus', '3T', 'international', 'EXPRESS', 2, 2, 6900, 330, undefined],
  ['INTERNATIONAL_PRIORITY_FREIGHT', 'FedEx International Priority® Freight', '70', 'international', 'EXPRESS_FREIGHT', 1, 3, 29900, 420, undefined],
  ['INTERNATIONAL_ECONOMY_FREIGHT', 'FedEx International Economy® Freight', '86', 'international', 'EXPRESS_FREIGHT', 3, 2, 24900, 340, undefined],
];

/** In the carrier's traditional order (rateSortOrder SERVICENAMETRADITIONAL): domestic fastest first, then international. */
export const SERVICES: readonly ServiceTerms[] = ROWS.map(
  ([
    serviceType,
    name,
    code,
    lane,
    category,
    transitDays,
    zonesPerExtraDay,
    baseCents,
    perHalfKgCents,
    commitTime,
  ]) => ({
    serviceType,
    name,
    code,
    lane,
    category,
    carrierCode: category === 'GROUND' ? 'FDXG' : 'FDXE',
    transitDays,
    zonesPerExtraDay,
    baseCents,
    perHalfKgCents,
    fuelBasisPoints: category === 'GROUND' ? GROUND_FUEL : EXPRESS_FUEL,
    ...(commitTime ? { commitTime } : {}),
  }),
);

const BY_TYPE = new Map(SERVICES.map((s) => [s.serviceType, s]));

/** The model's terms of a service type, or undefined when the twin does not offer it. */
export const serviceTerms = (serviceType: string): ServiceTerms | undefined => BY_TYPE.get(serviceType);

/** The carrier's display name of a service type; unknown types are spelled out. */
export const serviceName = (serviceType: string): string =>
  BY_TYPE.get(serviceType)?.name ?? serviceType.replace(/_/g, ' ');

/** Which lane a shipment is on: the one rule behind rates, service availability and create shipment. */
export const laneOf = (originCountry: string, destinationCountry: string): Lane =>
  originCountry.toUpperCase() === destinationCountry.toUpperCase() ? 'domestic' : 'international';

/** The services a lane allows, fastest first. */
export const servicesOnLane = (lane: Lane): ServiceTerms[] => SERVICES.filter((s) => s.lane === lane);

/** Whether the twin offers `serviceType` on `lane` (an unknown service type is offered on none). */
export const serviceOnLane = (serviceType: string, lane: Lane): boolean => BY_TYPE.get(serviceType)?.lane === lane;
