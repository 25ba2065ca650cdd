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
  /** FDXG for Ground, FXSP for Ground Economy (SmartPost), FDXE for Express. */
  carrierCode: 'FDXE' | 'FDXG' | 'FXSP';
  /** Business days in transit in zone 2 (the nearest). */
  transitDays: number;
  /** One more business day every `zonesPerExtraDay` zones past zone 2; 0: the same days in every zone. */
  zonesPerExtraDay: number;
  /** Business days in zones 2, 3, … (the last entry for farther zones); overrides the two fields above. */
  transitByZone?: readonly number[];
  /** The only countries the service runs within (Ground Economy: the US); undefined: every country. */
  countries?: readonly string[];
  /**
   * Countries between which a domestic service also runs across the border (FedEx International
   * Ground: US ↔ CA; FedEx Priority within Europe): the shipment is then on the international lane.
   */
  crossBorder?: readonly string[];
  /** The least total shipment weight in kg the service carries (freight services). */
  minShipmentKg?: number;
  /**
   * False for an older name the documents still accept on a request (INTERNATIONAL_PRIORITY) but
   * that a rate quote or service list does not offer twice beside its current name.
   */
  listed: boolean;
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

/** Ground transit days in zones 2–8 (the carrier's Ground map: 1–5 business days in the contiguous US). */
const GROUND_DAYS = [1, 2, 3, 3, 4, 5, 5] as const;
/** Ground Economy (SmartPost) hands the parcel to the postal service for the last mile: 2–7 days. */
const ECONOMY_DAYS = [2, 3, 4, 4, 5, 6, 7] as const;
/** Freight services start at 68 kg (150 lb) a shipment (FedEx Express Freight: "over 150 lb"). */
const FREIGHT_MIN_KG = 68;
/**
 * The countries of FedEx's European road network (the intra-Europe services FEDEX_PRIORITY and
 * the ship document's FDG intra-Europe samples): the EU, the EEA, the UK and Switzerland.
 */
export const EUROPE = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** What some rows add (zone tables, country limits, minimum weights, unlisted old names). */
const EXTRA: Readonly<Record<string, Partial<ServiceTerms>>> = {
  FEDEX_GROUND: { transitByZone: GROUND_DAYS, crossBorder: ['US', 'CA'] },
  FEDEX_2_DAY_AM: { countries: ['US'] },
  FEDEX_1_DAY_FREIGHT: { countries: ['US'], minShipmentKg: FREIGHT_MIN_KG },
  FEDEX_2_DAY_FREIGHT: { countries: ['US'], minShipmentKg: FREIGHT_MIN_KG },
  FEDEX_3_DAY_FREIGHT: { countries: ['US'], minShipmentKg: FREIGHT_MIN_KG },
  FEDEX_PRIORITY: { countries: EUROPE, crossBorder: EUROPE },
  FEDEX_NEXT_DAY_END_OF_DAY: { countries: ['GB'] },
  GROUND_HOME_DELIVERY: { transitByZone: GROUND_DAYS },
  SMART_POST: { transitByZone: ECONOMY_DAYS, countries: ['US'], carrierCode: 'FXSP' },
  INTERNATIONAL_PRIORITY: { listed: false },
  INTERNATIONAL_PRIORITY_FREIGHT: { minShipmentKg: FREIGHT_MIN_KG },
  INTERNATIONAL_ECONOMY_FREIGHT: { minShipmentKg: FREIGHT_MIN_KG },
};

// prettier-ignore
const ROWS: Row[] = [
  ['FIRST_OVERNIGHT', 'FedEx First Overnight®', '06', 'domestic', 'EXPRESS', 1, 0, 6900, 310, '08:00:00'],
  ['PRIORITY_OVERNIGHT', 'FedEx Priority Overnight®', '01', 'domestic', 'EXPRESS', 1, 0, 5400, 260, '10:30:00'],
  ['STANDARD_OVERNIGHT', 'FedEx Standard Overnight®', '05', 'domestic', 'EXPRESS', 1, 0, 4800, 230, '17:00:00'],
  ['FEDEX_2_DAY_AM', 'FedEx 2Day® A.M.', '49', 'domestic', 'EXPRESS', 2, 0, 3300, 170, '10:30:00'],
  ['FEDEX_2_DAY', 'FedEx 2Day®', '03', 'domestic', 'EXPRESS', 2, 0, 2900, 150, '17:00:00'],
  ['FEDEX_EXPRESS_SAVER', 'FedEx Express Saver®', '20', 'domestic', 'EXPRESS', 3, 0, 2300, 120, '17:00:00'],
  // FedEx Express Freight in the US: shipments over 150 lb, on skids.
  ['FEDEX_1_DAY_FREIGHT', 'FedEx 1Day® Freight', '80', 'domestic', 'EXPRESS_FREIGHT', 1, 0, 39900, 260, '08:00:00'],
  ['FEDEX_2_DAY_FREIGHT', 'FedEx 2Day® Freight', '81', 'domestic', 'EXPRESS_FREIGHT', 2, 0, 29900, 200, '08:00:00'],
  ['FEDEX_3_DAY_FREIGHT', 'FedEx 3Day® Freight', '83', 'domestic', 'EXPRESS_FREIGHT', 3, 0, 24900, 170, '08:00:00'],
  // Europe: FedEx Priority within and between the countries of the road network; the UK's own next day.
  ['FEDEX_PRIORITY', 'FedEx Priority', 'FP', 'domestic', 'EXPRESS', 1, 3, 2900, 150, undefined],
  ['FEDEX_NEXT_DAY_END_OF_DAY', 'FedEx Next Day by End of Day', 'NE', 'domestic', 'EXPRESS', 1, 0, 1900, 110, undefined],
  ['FEDEX_GROUND', 'FedEx Ground®', '92', 'domestic', 'GROUND', 1, 1, 1100, 45, undefined],
  ['GROUND_HOME_DELIVERY', 'FedEx Home Delivery®', '90', 'domestic', 'GROUND', 1, 1, 1250, 45, undefined],
  // Ground Economy, the service's name since 2021; the API still calls it SMART_POST.
  ['SMART_POST', 'FedEx Ground® Economy', '2E', 'domestic', 'GROUND', 2, 1, 950, 40, undefined],
  ['INTERNATIONAL_FIRST', 'FedEx International First®', '06', 'international', 'EXPRESS', 1, 3, 15900, 720, '08:00:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 'FedEx International Priority® Express', '01', 'international', 'EXPRESS', 1, 3, 11900, 560, '10:30:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY', 'FedEx International Priority®', '01', 'international', 'EXPRESS', 1, 3, 9900, 480, '17:00:00'],
  // The service's name before 2022, still accepted by the ship document (never offered beside the current one).
  ['INTERNATIONAL_PRIORITY', 'FedEx International Priority®', '01', 'international', 'EXPRESS', 1, 3, 9900, 480, '17:00:00'],
  ['INTERNATIONAL_ECONOMY', 'FedEx International Economy®', '03', 'international', 'EXPRESS', 2, 2, 7900, 390, undefined],
  ['FEDEX_INTERNATIONAL_CONNECT_PLUS', 'FedEx International Connect Plus', '3T', 'international', 'EXPRESS', 2, 2, 6900, 330, undefined],
  ['INTERNATIONAL_PRIORITY_FREIGHT', 'FedEx International Priority® Freight', '70', 'international', 'EXPRESS_FREIGHT', 1, 3, 29900, 420, undefined],
  ['INTERNATIONAL_ECONOMY_FREIGHT', 'FedEx International Economy® Freight', '86', 'international', 'EXPRESS_FREIGHT', 3, 2, 24900, 340, undefined],
];

/**
 * In the carrier's traditional order (rateSortOrder SERVICENAMETRADITIONAL): domestic fastest
 * first, then international; the unlisted old names included (ALL_SERVICES), not in SERVICES.
 */
export const ALL_SERVICES: readonly ServiceTerms[] = ROWS.map(
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
    listed: true,
    ...EXTRA[serviceType],
  }),
);

/** The services the twin offers, each once. */
export const SERVICES: readonly ServiceTerms[] = ALL_SERVICES.filter((s) => s.listed);

const BY_TYPE = new Map(ALL_SERVICES.map((s) => [s.serviceType, s]));

/** The model's terms of a service type, or undefined when the twin does not offer it. */
export const serviceTerms = (serviceType: string): ServiceTerms | undefined => BY_TYPE.get(serviceType);

/** The carrier's display name of a service type; unknown types are spelled out. */
export const serviceName = (serviceType: string): string =>
  BY_TYPE.get(serviceType)?.name ?? serviceType.replace(/_/g, ' ');

/** Which lane a shipment is on: the one rule behind rates, service availability and create shipment. */
export const laneOf = (originCountry: string, destinationCountry: string): Lane =>
  originCountry.toUpperCase() === destinationCountry.toUpperCase() ? 'domestic' : 'international';

const within = (countries: readonly string[], from: string, to: string) =>
  countries.includes(from.toUpperCase()) && countries.includes(to.toUpperCase());

/**
 * Whether a service runs between two countries: on its lane, within the countries it is limited
 * to; or across the border between the countries of its `crossBorder`.
 */
export const serviceRuns = (s: ServiceTerms, from: string, to: string): boolean =>
  s.lane === laneOf(from, to)
    ? !s.countries || within(s.countries, from, to)
    : laneOf(from, to) === 'international' && !!s.crossBorder && within(s.crossBorder, from, to);

/**
 * The services a lane allows, fastest first, each once; given the countries, only those that run
 * between them (Ground Economy within the US).
 */
export const servicesOnLane = (lane: Lane, from?: string, to?: string): ServiceTerms[] =>
  SERVICES.filter((s) => (from === undefined || to === undefined ? s.lane === lane : serviceRuns(s, from, to)));

/** Whether the twin offers `serviceType` on `lane` (an unknown service type is offered on none). */
export const serviceOnLane = (serviceType: string, lane: Lane): boolean => BY_TYPE.get(serviceType)?.lane === lane;
