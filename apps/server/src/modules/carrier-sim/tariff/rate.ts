/**
 * The tariff model's price of a shipment (docs/modules/carrier.md, "Tariff model"), in integer
 * cents so that every total is exactly the sum of its parts: per package, billable weight =
 * max(actual, dimensional) by the Dim Weight tool's rule (@lab/core/shipping), freight = (the
 * service's base + its rate per billable half kilogram) × the zone factor, a fuel surcharge on the
 * freight; per shipment, duties and import taxes estimated from the customs value on
 * international lanes (documents excepted). A request in pounds is rated in pounds, as the carrier
 * does: whole pounds rounded up, dimensional weight = cubic inches / 139, the same price per kg.
 */
import { calculateDimWeight, roundUpToHalfKg } from '@lab/core/shipping';
import { FIRST_ZONE } from './transit.js';
import type { Lane, ServiceTerms } from './services.js';

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;
/** The carrier's dimensional divisor in cubic inches per pound (the metric one is 5000 cm³/kg). */
export const DIM_DIVISOR_IN3_PER_LB = 139;

/** The units a request weighs its packages in; replies answer in the same. */
export type WeightUnits = 'KG' | 'LB';

/** Zone factor in percent: zone 2 is 100 %, each zone farther adds 15 %. */
export const zonePercent = (zone: number): number => 100 + 15 * (zone - FIRST_ZONE);
/** Estimated import duty, basis points of the customs value (a flat model rate for every country). */
export const DUTY_BASIS_POINTS = 600;
/** Estimated import tax (VAT/GST), basis points of customs value + duty. */
export const IMPORT_TAX_BASIS_POINTS = 1000;

/**
 * Currency units per US dollar, ×10,000 (fixed model constants, not market rates): the model
 * prices in USD and converts each part once, so sums stay exact in the quote's currency.
 */
export const UNITS_PER_USD_E4: Readonly<Record<string, number>> = {
  USD: 10_000,
  EUR: 9_200,
  GBP: 7_900,
  CAD: 13_600,
  MXN: 171_000,
  CNY: 72_000,
  HKD: 78_000,
  JPY: 1_500_000,
  KRW: 13_300_000,
  INR: 830_000,
  SGD: 13_500,
  AUD: 15_200,
  CHF: 8_800,
};

const EURO = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])),
  US: 'USD',
  PR: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  GB: 'GBP',
  CN: 'CNY',
  HK: 'HKD',
  JP: 'JPY',
  KR: 'KRW',
  IN: 'INR',
  SG: 'SGD',
  AU: 'AUD',
  CH: 'CHF',
};

/** The currency an account in `countryCode` is billed in (USD for countries the model does not list). */
export const accountCurrency = (countryCode: string): string => COUNTRY_CURRENCY[countryCode.toUpperCase()] ?? 'USD';

/** `cents` of one currency in another (unknown currencies count as USD). */
export function convertCents(cents: number, from: string, to: string): number {
  const f = UNITS_PER_USD_E4[from] ?? 10_000;
  const t = UNITS_PER_USD_E4[to] ?? 10_000;
  return f === t ? cents : Math.round((cents * t) / f);
}

export interface PackageInput {
  /** Actual weight in kg (> 0). */
  weightKg: number;
  /** Length, width, height in cm, when the request gives them. */
  dimensionsCm?: [number, number, number];
}

export interface QuoteInput {
  service: ServiceTerms;
  lane: Lane;
  zone: number;
  packages: PackageInput[];
  /** The quote's currency (a key of UNITS_PER_USD_E4, else USD). */
  currency: string;
  /** The units billable weights are counted in (KG when absent). */
  units?: WeightUnits;
  /** Customs value of the commodities, in cents of `currency`. */
  customsValueCents: number;
  /** A documents-only shipment pays no duties. */
  documentsOnly: boolean;
}

export interface PackageRate {
  /** Actual, dimensional and billable weight in `units`: KG rounded up to 0.5, LB to whole pounds (dimensional 0 without dimensions). */
  actualKg: number;
  dimKg: number;
  billableKg: number;
  units: WeightUnits;
  ratedWeightMethod: 'ACTUAL' | 'DIM';
  freightCents: number;
  fuelCents: number;
  /** freight + fuel. */
  netCents: number;
}

export interface Quote {
  currency: string;
  /** The units of `billableKg` and `dimKg` (and of each package's). */
  units: WeightUnits;
  zone: number;
  fuelBasisPoints: number;
  packages: PackageRate[];
  /** DIM when a package is rated by its dimensional weight. */
  ratedWeightMethod: 'ACTUAL' | 'DIM';
  billableKg: number;
  dimKg: number;
  freightCents: number;
  fuelCents: number;
  /** freight + fuel: what the carrier charges for carrying. */
  netChargeCents: number;
  dutyCents: number;
  importTaxCents: number;
  /** duty + import tax. */
  dutiesAndTaxesCents: number;
  /** net charge + duties and taxes. */
  totalCents: number;
}

/** Rounds a product of integers divided by 10,000 (basis points) to whole cents, halves up. */
const basisPoints = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/** Whole pounds, rounded up (a hair of binary noise ignored: 12 LB read as 5.443… kg is 12 lb). */
const wholePoundsUp = (kg: number) => Math.max(1, Math.ceil(kg / KG_PER_LB - 1e-9));

/** Actual, dimensional and billable weight in pounds, and the billable weight in half kilograms. */
function poundsOf(p: PackageInput) {
  const actual = wholePoundsUp(p.weightKg);
  const cubicInches = p.dimensionsCm ? p.dimensionsCm.reduce((v, cm) => v * (cm / CM_PER_IN), 1) : 0;
  const dim = cubicInches > 0 ? Math.ceil(cubicInches / DIM_DIVISOR_IN3_PER_LB - 1e-9) : 0;
  const billable = Math.max(actual, dim);
  return { actual, dim, billable, halfKgs: billable * KG_PER_LB * 2 };
}

function kilogramsOf(p: PackageInput) {
  const actual = Math.max(0.5, roundUpToHalfKg(p.weightKg));
  const dim = p.dimensionsCm ? calculateDimWeight(p.dimensionsCm, p.weightKg).roundeddimwgt : 0;
  const billable = Math.max(actual, dim);
  return { actual, dim, billable, halfKgs: Math.round(billable * 2) };
}

export function ratePackage(
  p: PackageInput,
  service: ServiceTerms,
  zone: number,
  currency: string,
  units: WeightUnits = 'KG',
): PackageRate {
  const w = units === 'LB' ? poundsOf(p) : kilogramsOf(p);
  const { actual: actualKg, dim: dimKg, billable: billableKg } = w;
  const usd = Math.round(((service.baseCents + service.perHalfKgCents * w.halfKgs) * zonePercent(zone)) / 100);
  const freightCents = convertCents(usd, 'USD', currency);
  const fuelCents = basisPoints(freightCents, service.fuelBasisPoints);
  return {
    actualKg,
    dimKg,
    billableKg,
    units,
    ratedWeightMethod: dimKg > actualKg ? 'DIM' : 'ACTUAL',
    freightCents,
    fuelCents,
    netCents: freightCents + fuelCents,
  };
}

const total = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((sum, item) => sum + of(item), 0);

/** The whole quote of a shipment on one service. */
export function quote(input: QuoteInput): Quote {
  const currency = UNITS_PER_USD_E4[input.currency] ? input.currency : 'USD';
  const units = input.units ?? 'KG';
  const packages = input.packages.map((p) => ratePackage(p, input.service, input.zone, currency, units));
  const freightCents = total(packages, (p) => p.freightCents);
  const fuelCents = total(packages, (p) => p.fuelCents);
  const dutiable = input.lane === 'international' && !input.documentsOnly ? Math.max(0, input.customsValueCents) : 0;
  const dutyCents = basisPoints(dutiable, DUTY_BASIS_POINTS);
  const importTaxCents = basisPoints(dutiable + dutyCents, IMPORT_TAX_BASIS_POINTS);
  const netChargeCents = freightCents + fuelCents;
  return {
    currency,
    units,
    zone: input.zone,
    fuelBasisPoints: input.service.fuelBasisPoints,
    packages,
    ratedWeightMethod: packages.some((p) => p.ratedWeightMethod === 'DIM') ? 'DIM' : 'ACTUAL',
    billableKg: total(packages, (p) => p.billableKg),
    dimKg: total(packages, (p) => p.dimKg),
    freightCents,
    fuelCents,
    netChargeCents,
    dutyCents,
    importTaxCents,
    dutiesAndTaxesCents: dutyCents + importTaxCents,
    totalCents: netChargeCents + dutyCents + importTaxCents,
  };
}

/** Cents as the decimal number a reply carries (exactly two decimals when printed). */
export const amount = (cents: number): number => Number((cents / 100).toFixed(2));
