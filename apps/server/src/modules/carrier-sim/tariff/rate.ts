/**
 * The tariff model's price of a shipment (docs/modules/carrier.md, "Tariff model"), in integer
 * cents so that every total is exactly the sum of its parts: per package, billable weight =
 * max(actual, dimensional) by the Dim Weight tool's rule (@lab/core/shipping), freight = (the
 * service's base + its rate per billable half kilogram) × the zone factor, a fuel surcharge on the
 * freight; per shipment, duties and import taxes estimated from the customs value on
 * international lanes (documents excepted).
 */
import { calculateDimWeight, roundUpToHalfKg } from '@lab/core/shipping';
import { FIRST_ZONE } from './transit.js';
import type { Lane, ServiceTerms } from './services.js';

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

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
  /** Customs value of the commodities, in cents of `currency`. */
  customsValueCents: number;
  /** A documents-only shipment pays no duties. */
  documentsOnly: boolean;
}

export interface PackageRate {
  /** Actual and dimensional weight rounded up to 0.5 kg (dimensional 0 without dimensions). */
  actualKg: number;
  dimKg: number;
  billableKg: number;
  ratedWeightMethod: 'ACTUAL' | 'DIM';
  freightCents: number;
  fuelCents: number;
  /** freight + fuel. */
  netCents: number;
}

export interface Quote {
  currency: string;
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

export function ratePackage(p: PackageInput, service: ServiceTerms, zone: number, currency: string): PackageRate {
  const actualKg = Math.max(0.5, roundUpToHalfKg(p.weightKg));
  const dimKg = p.dimensionsCm ? calculateDimWeight(p.dimensionsCm, p.weightKg).roundeddimwgt : 0;
  const billableKg = Math.max(actualKg, dimKg);
  const halfKgs = Math.round(billableKg * 2);
  const usd = Math.round(((service.baseCents + service.perHalfKgCents * halfKgs) * zonePercent(zone)) / 100);
  const freightCents = convertCents(usd, 'USD', currency);
  const fuelCents = basisPoints(freightCents, service.fuelBasisPoints);
  return {
    actualKg,
    dimKg,
    billableKg,
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
  const packages = input.packages.map((p) => ratePackage(p, input.service, input.zone, currency));
  const freightCents = total(packages, (p) => p.freightCents);
  const fuelCents = total(packages, (p) => p.fuelCents);
  const dutiable = input.lane === 'international' && !input.documentsOnly ? Math.max(0, input.customsValueCents) : 0;
  const dutyCents = basisPoints(dutiable, DUTY_BASIS_POINTS);
  const importTaxCents = basisPoints(dutiable + dutyCents, IMPORT_TAX_BASIS_POINTS);
  const netChargeCents = freightCents + fuelCents;
  return {
    currency,
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
