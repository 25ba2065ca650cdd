/**
 * The carrier's business rules beyond the schema, checked before a shipment is created. Each answers
 * in the carrier's error shape with the code and message of the carrier's documents where they give
 * one; the table in docs/modules/carrier.md names each rule's source.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import {
  checkAccountNumber,
  FREIGHT_LENGTH_LIMIT_CM,
  FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM,
  FREIGHT_WEIGHT_LIMIT_KG,
} from '@lab/core/shipping';
import type { LabServices } from '../../module.js';
import type { CarrierErrorEntry } from './errors.js';
import { postalWellFormed } from './postalFormat.js';
import { recipientOf } from './recipient.js';
import { serviceTerms } from './tariff/services.js';

type Json = JsonObject;
type Places = LabServices['places'];

export const RULE_MESSAGES = {
  /** account-registration document, components/examples/AccountNumberRequiredExample. */
  accountRequired: 'Account number is required.',
  /** ship document, POST /ship/v1/shipments, the 400 example. */
  accountInvalid: 'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.',
  /** freight-ltl document, POST /rate/v1/freight/rates/quotes, the 400 example. */
  originCountry: 'Origin country code is invalid or missing. Please refer to documentation for valid format.',
  destinationCountry: 'Destination country code is invalid or missing. Please refer to documentation for valid format.',
  /** service-availability document, POST /availability/v1/transittimes, the 400 example. */
  postalRequired: 'Postal code/ZIP is required',
  postalFormat: (side: 'Origin' | 'Destination', postal: string, country: string) =>
    `${side} postal code ${postal} is not valid for ${country}. Please correct it and try again.`,
  packagingWeight: (n: number, kg: number, packaging: string, max: number) =>
    `Package ${n} weighs ${kg} kg; ${packaging} holds at most ${max} kg. Please choose other packaging.`,
  packageWeight: (n: number, kg: number) =>
    `Package ${n} weighs ${kg} kg, over the ${FREIGHT_WEIGHT_LIMIT_KG} kg limit of a package. Please ship it as freight.`,
  freightPieceWeight: (n: number, kg: number) =>
    `Piece ${n} weighs ${kg} kg, over the ${FREIGHT_PIECE_LIMIT_KG} kg (2,200 lb) limit of a freight skid. Please split it and try again.`,
  packageLength: (n: number, cm: number) =>
    `Package ${n} is ${cm} cm long, over the ${FREIGHT_LENGTH_LIMIT_CM} cm limit of a package. Please ship it as freight.`,
  packageLengthPlusGirth: (n: number, cm: number) =>
    `Package ${n} measures ${cm} cm in length plus girth, over the ${FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM} cm limit of a package. Please ship it as freight.`,
  commoditiesRequired:
    'An international shipment that is not documents only needs customsClearanceDetail.commodities, each with a customsValue.',
  /** ship document, RequestedShipment.totalDeclaredValue: "The totalDeclaredValue should not exceed customsValue." */
  declaredValue: (declared: string, customs: string, currency: string) =>
    `The total declared value ${declared} ${currency} exceeds the total customs value ${customs} ${currency}. The totalDeclaredValue should not exceed customsValue.`,
  /** ground-end-of-day-close document, PUT /ship/v1/endofday/, the 400 example (the only ship-date code the documents give). */
  shipDate: 'Ship date is invalid.',
  /** ship document, SmartPostInfoDetail: "Required for SMARTPOST service." */
  smartPostRequired: 'smartPostInfoDetail (hubId and indicia) is required for SMART_POST. Please add it and try again.',
  /** ship document, SmartPostInfoDetail.indicia: PARCEL_SELECT (1 LB through 70 LB), PRESORTED_STANDARD (less than 1 LB). */
  smartPostIndicia: (indicia: string, lb: number, range: string) =>
    `Indicia ${indicia} is for packages of ${range}; this one weighs ${lb} lb. Please choose another indicia.`,
  etdImport: (country: string) =>
    `Electronic trade documents are not accepted for import into ${country}. Please remove ELECTRONIC_TRADE_DOCUMENTS and send paper documents with the shipment.`,
} as const;

/**
 * How the carrier's documents mask account numbers in their example requests (`XXX561073`,
 * `XXXXX1073`, `XXXX`, `8014xxxxx`): X's before or after the digits, 9 characters at most; and the
 * open-ship document's placeholder `Your account number`.
 */
const DOCUMENTED_MASKED_ACCOUNT = /^(X{3,9}\d{0,6}|\d{0,6}X{3,9})$/i;
const DOCUMENTED_PLACEHOLDER = /^your account number$/i;

/**
 * The account rule, the same as the Account check tool's (checkAccountNumber): empty is refused,
 * and so is a number whose 9th digit is not the check digit of the first 8. A masked account as
 * the carrier's documents write them is the sandbox convention for "my test account": accepted,
 * so every example request of the documents runs as written.
 */
export function accountNumberProblem(value: string): CarrierErrorEntry | undefined {
  const trimmed = value.trim();
  if ((trimmed.length <= 9 && DOCUMENTED_MASKED_ACCOUNT.test(trimmed)) || DOCUMENTED_PLACEHOLDER.test(trimmed))
    return undefined;
  const check = checkAccountNumber(value);
  if (!check.ok && value.trim() === '')
    return { code: 'ACCOUNT.NUMBER.REQUIRED', message: RULE_MESSAGES.accountRequired };
  if (!check.ok || !check.valid) {
    return { code: 'ACCOUNTNUMBER.REGISTRATION.REQUIRED', message: RULE_MESSAGES.accountInvalid };
  }
  return undefined;
}

/** The carrier's published maximum of its Pak, Boxes and Tube: 50 lb (22.68 kg); of its Envelope 10 lb (4.54 kg). */
const PACKAGING_MAX_KG = 22.68;
const ENVELOPE_MAX_KG = 4.54;

/**
 * Weight limits of the carrier's own packaging, in kg: the carrier's published maxima (FedEx
 * packaging and One Rate: the Envelope up to 10 lb, the Pak, Boxes and Tube up to 50 lb; the 10kg
 * and 25kg Boxes their name). The documents give the field PackageTypeDetail.maxWeightAllowed but
 * no table; their own example Intra_UK_Shipment ships a 10 kg FedEx Pak. YOUR_PACKAGING has only
 * the per-package limit.
 */
export const PACKAGING_LIMITS_KG: Record<string, { name: string; kg: number }> = {
  FEDEX_ENVELOPE: { name: 'FedEx Envelope', kg: ENVELOPE_MAX_KG },
  FEDEX_PAK: { name: 'FedEx Pak', kg: PACKAGING_MAX_KG },
  FEDEX_BOX: { name: 'FedEx Box', kg: PACKAGING_MAX_KG },
  FEDEX_SMALL_BOX: { name: 'FedEx Small Box', kg: PACKAGING_MAX_KG },
  FEDEX_MEDIUM_BOX: { name: 'FedEx Medium Box', kg: PACKAGING_MAX_KG },
  FEDEX_LARGE_BOX: { name: 'FedEx Large Box', kg: PACKAGING_MAX_KG },
  FEDEX_EXTRA_LARGE_BOX: { name: 'FedEx Extra Large Box', kg: PACKAGING_MAX_KG },
  FEDEX_TUBE: { name: 'FedEx Tube', kg: PACKAGING_MAX_KG },
  FEDEX_10KG_BOX: { name: 'FedEx 10kg Box', kg: 10 },
  FEDEX_25KG_BOX: { name: 'FedEx 25kg Box', kg: 25 },
};

/** A freight service's piece: a skid of up to 2,200 lb (997 kg); the parcel limits do not apply. */
export const FREIGHT_PIECE_LIMIT_KG = 997;

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;
/** Two decimals, without binary noise (12 LB → 5.44 kg). */
const round2 = (n: number) => Math.round(n * 100) / 100;

function kgOf(weight: unknown): number | undefined {
  const w = obj(weight);
  const value = Number(w.value);
  if (!Number.isFinite(value)) return undefined;
  return str(w.units, 'LB').toUpperCase() === 'KG' ? value : value * KG_PER_LB;
}

function sidesCmOf(dimensions: unknown): [number, number, number] | undefined {
  const d = obj(dimensions);
  const sides = [d.length, d.width, d.height].map(Number);
  if (!sides.every((s) => Number.isFinite(s) && s > 0)) return undefined;
  const f = str(d.units, 'IN').toUpperCase() === 'CM' ? 1 : CM_PER_IN;
  return sides.map((s) => s * f).sort((a, b) => b - a) as [number, number, number];
}

/** Customs amounts as integer cents (exact decimals: the amounts' own digits, rounded to 2 places). */
const cents = (v: unknown) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);

async function addressProblems(
  places: Places,
  side: 'Origin' | 'Destination',
  party: unknown,
): Promise<CarrierErrorEntry[]> {
  const address = obj(obj(party).address);
  const code = str(address.countryCode).toUpperCase();
  const prefix = side === 'Origin' ? 'ORIGIN' : 'DESTINATION';
  const country = code ? await places.country(code) : undefined;
  if (!country) {
    return [
      {
        code: `${prefix}.COUNTRY.INVALID`,
        message: side === 'Origin' ? RULE_MESSAGES.originCountry : RULE_MESSAGES.destinationCountry,
      },
    ];
  }
  if (!country.postalPattern) return [];
  const postal = str(address.postalCode).trim();
  if (!postal) return [{ code: `${prefix}.POSTAL.REQUIRED`, message: RULE_MESSAGES.postalRequired }];
  if (!postalWellFormed(country.alpha2, country.postalPattern, postal)) {
    return [
      { code: `${prefix}.POSTALCODE.INVALID`, message: RULE_MESSAGES.postalFormat(side, postal, country.alpha2) },
    ];
  }
  return [];
}

/** A freight service's pieces: only the skid's weight limit (its dimensions are the freight desk's). */
function freightPieceProblems(rs: Json): CarrierErrorEntry[] {
  return arr(rs.requestedPackageLineItems).flatMap((line, i) => {
    const kg = kgOf(obj(line).weight);
    return kg !== undefined && kg > FREIGHT_PIECE_LIMIT_KG
      ? [{ code: 'PACKAGE.WEIGHT.EXCEEDED', message: RULE_MESSAGES.freightPieceWeight(i + 1, round2(kg)) }]
      : [];
  });
}

function packageProblems(rs: Json): CarrierErrorEntry[] {
  if (serviceTerms(str(rs.serviceType))?.category === 'EXPRESS_FREIGHT') return freightPieceProblems(rs);
  const out: CarrierErrorEntry[] = [];
  const packaging = PACKAGING_LIMITS_KG[str(rs.packagingType)];
  arr(rs.requestedPackageLineItems).forEach((line, i) => {
    const n = i + 1;
    const kg = kgOf(obj(line).weight);
    if (kg !== undefined) {
      if (kg > FREIGHT_WEIGHT_LIMIT_KG)
        out.push({ code: 'PACKAGE.WEIGHT.EXCEEDED', message: RULE_MESSAGES.packageWeight(n, round2(kg)) });
      else if (packaging && kg > packaging.kg) {
        out.push({
          code: 'PACKAGING.WEIGHT.EXCEEDED',
          message: RULE_MESSAGES.packagingWeight(n, round2(kg), packaging.name, packaging.kg),
        });
      }
    }
    const sides = sidesCmOf(obj(line).dimensions);
    if (sides) {
      const [length, width, height] = sides;
      const lengthPlusGirth = length + 2 * (width + height);
      if (round2(length) > FREIGHT_LENGTH_LIMIT_CM) {
        out.push({ code: 'PACKAGE.DIMENSIONS.EXCEEDED', message: RULE_MESSAGES.packageLength(n, round2(length)) });
      } else if (round2(lengthPlusGirth) > FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM) {
        out.push({
          code: 'PACKAGE.DIMENSIONS.EXCEEDED',
          message: RULE_MESSAGES.packageLengthPlusGirth(n, round2(lengthPlusGirth)),
        });
      }
    }
  });
  return out;
}

/** Indicia weight ranges in pounds (the ship document's SmartPostInfoDetail.indicia). */
const INDICIA_LB: Record<string, { min: number; below: number; range: string }> = {
  PARCEL_SELECT: { min: 1, below: 70.0001, range: '1 lb through 70 lb' },
  PRESORTED_STANDARD: { min: 0, below: 1, range: 'less than 1 lb' },
};

/** Ground Economy (SMART_POST) needs its details, and an indicia that fits each package's weight. */
function smartPostProblems(rs: Json): CarrierErrorEntry[] {
  if (str(rs.serviceType) !== 'SMART_POST') return [];
  const detail = obj(rs.smartPostInfoDetail);
  const indicia = str(detail.indicia);
  const isReturn = indicia === 'PARCEL_RETURN';
  if (!indicia || (!isReturn && !str(detail.hubId))) {
    return [{ code: 'SMARTPOSTINFODETAIL.REQUIRED', message: RULE_MESSAGES.smartPostRequired }];
  }
  const range = INDICIA_LB[indicia];
  if (!range) return [];
  for (const line of arr(rs.requestedPackageLineItems)) {
    const kg = kgOf(obj(line).weight);
    if (kg === undefined) continue;
    const lb = round2(kg / KG_PER_LB);
    if (lb < range.min || lb >= range.below) {
      return [{ code: 'SMARTPOST.INDICIA.INVALID', message: RULE_MESSAGES.smartPostIndicia(indicia, lb, range.range) }];
    }
  }
  return [];
}

function customsProblems(rs: Json, international: boolean): CarrierErrorEntry[] {
  const customs = obj(rs.customsClearanceDetail);
  const commodities = arr(customs.commodities).map(obj);
  const documentsOnly = customs.isDocumentOnly === true || customs.isDocumentOnly === 'true';
  if (
    international &&
    !documentsOnly &&
    (commodities.length === 0 || commodities.some((c) => !Number.isFinite(Number(obj(c.customsValue).amount))))
  ) {
    return [{ code: 'CUSTOMS.COMMODITIES.REQUIRED', message: RULE_MESSAGES.commoditiesRequired }];
  }
  const declared = obj(rs.totalDeclaredValue);
  if (declared.amount === undefined) return [];
  const total = obj(customs.totalCustomsValue);
  const customsCents =
    total.amount !== undefined
      ? cents(total.amount)
      : commodities.reduce((sum, c) => sum + cents(obj(c.customsValue).amount), 0);
  if (total.amount === undefined && commodities.length === 0) return [];
  if (cents(declared.amount) > customsCents) {
    const currency = str(declared.currency, str(total.currency, 'USD'));
    return [
      {
        code: 'DECLARED.VALUE.EXCEEDS.CUSTOMS',
        message: RULE_MESSAGES.declaredValue(money(cents(declared.amount)), money(customsCents), currency),
      },
    ];
  }
  return [];
}

/**
 * Every rule a shipment request breaks (ship, or an open shipment at confirm), in the order the
 * table lists them; [] when it may ship. `body` is the request (its accountNumber), `rs` the
 * requestedShipment.
 */
export async function shipmentProblems(places: Places, body: Json, rs: Json): Promise<CarrierErrorEntry[]> {
  const account = accountNumberProblem(str(obj(body.accountNumber).value ?? body.accountNumber));
  const recipient = recipientOf(rs);
  const addresses = [
    ...(await addressProblems(places, 'Origin', rs.shipper)),
    ...(await addressProblems(places, 'Destination', recipient)),
  ];
  const out: CarrierErrorEntry[] = [
    ...(account ? [account] : []),
    ...addresses,
    ...packageProblems(rs),
    ...smartPostProblems(rs),
  ];
  // Customs and ETD rules depend on the lane: not judged between countries we do not know.
  if (addresses.some((e) => e.code.endsWith('.COUNTRY.INVALID'))) return out;
  const from = str(obj(obj(rs.shipper).address).countryCode).toUpperCase();
  const to = str(obj(obj(recipient).address).countryCode).toUpperCase();
  out.push(...customsProblems(rs, from !== to));
  const special = arr(obj(rs.shipmentSpecialServices).specialServiceTypes).map((s) => str(s));
  if (special.includes('ELECTRONIC_TRADE_DOCUMENTS') && to && (await places.etdImportAccepted(to)) === false) {
    out.push({ code: 'ETD.IMPORT.NOT.ALLOWED', message: RULE_MESSAGES.etdImport(to) });
  }
  return out;
}
