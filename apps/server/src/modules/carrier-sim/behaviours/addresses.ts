/**
 * Address validation (`/address/v1/addresses/resolve`) from our postal and city data (the lookups'
 * `places`) and the standardization rules of `../addressRules.ts`: each address is resolved when its
 * country is known, its postal code is in our postal data (or, in a country without postal codes,
 * its city is in our city data) and its first street line reads as a street address; otherwise it
 * comes back unresolved with the carrier's message.
 */
import type { PostalPlace } from '@lab/core/regions';
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { classify, readStreet, standardizeLine } from '../addressRules.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

/** address-validation document: the 400 example's error, and the customerMessage codes its ResolvedAddress lists. */
export const ADDRESS_MESSAGES = {
  notFound: { code: 'STANDARDIZED.ADDRESS.NOTFOUND', message: 'Standardized address is not found.' },
  partialStreet: {
    code: 'PARTIAL.STREET.MATCH',
    message: 'A street address is required for delivery. The entered address is a street number range.',
  },
} as const;

interface Input {
  streetLines: string[];
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

const inputOf = (a: unknown): Input => {
  const o = obj(a);
  return {
    streetLines: arr(o.streetLines)
      .map((l) => str(l))
      .filter((l) => l.trim() !== ''),
    city: str(o.city).trim(),
    stateOrProvinceCode: str(o.stateOrProvinceCode).trim().toUpperCase(),
    postalCode: str(o.postalCode).trim(),
    countryCode: str(o.countryCode, 'US').trim().toUpperCase(),
  };
};

const methodOf = (country: string) =>
  country === 'US' ? 'USPS_VALIDATE' : country === 'CA' ? 'CA_VALIDATE' : 'GENERIC_VALIDATE';

/** Where our data puts the address: its place, or why it has none. */
async function placeOf(ctx: SimContext, input: Input) {
  const country = await ctx.places.country(input.countryCode);
  if (!country) return { supported: false as const };
  if (country.postalPattern) {
    const found: PostalPlace[] = input.postalCode
      ? await ctx.places.postalPlaces(input.countryCode, input.postalCode)
      : [];
    const upper = input.city.toUpperCase();
    const place = found.find((p) => p.city.toUpperCase() === upper) ?? found[0];
    return { supported: true as const, place, matches: found.length };
  }
  const located = input.city
    ? await ctx.places.locate({ city: input.city, countryCode: input.countryCode })
    : undefined;
  const place =
    located && located.precision !== 'country'
      ? {
          countryCode: input.countryCode,
          postalCode: input.postalCode,
          city: located.city,
          stateOrProvinceCode: located.stateOrProvinceCode,
          primary: null,
          residential: null,
        }
      : undefined;
  return { supported: true as const, place, matches: place ? 1 : 0 };
}

async function resolveOne(ctx: SimContext, raw: unknown): Promise<Json> {
  const input = inputOf(obj(raw).address);
  const where = await placeOf(ctx, input);
  const street = readStreet(input.streetLines);
  const place = where.supported ? where.place : undefined;
  const streetOk = input.streetLines.length === 0 || street.resolvable;
  const resolved = place !== undefined && streetOk && !street.range;
  const city = (place?.city ?? input.city).toUpperCase();
  const postal = place?.postalCode ?? input.postalCode;
  const [base, addOn] = input.countryCode === 'US' ? input.postalCode.split('-') : [postal, undefined];
  const messages = resolved ? [] : [street.range ? ADDRESS_MESSAGES.partialStreet : ADDRESS_MESSAGES.notFound];
  const unit = street.unitKinds.length > 0;
  const classification = resolved ? classify(input.streetLines, street) : 'UNKNOWN';
  return {
    ...(input.streetLines.length ? { streetLinesToken: input.streetLines.map(standardizeLine) } : {}),
    city,
    stateOrProvinceCode: place?.stateOrProvinceCode || input.stateOrProvinceCode,
    countryCode: input.countryCode,
    customerMessage: messages,
    cityToken: [{ changed: city !== input.city.toUpperCase(), value: city }],
    postalCodeToken: { changed: postal !== input.postalCode, value: postal },
    ...(postal ? { parsedPostalCode: { base: (base ?? postal).slice(0, 5), ...(addOn ? { addOn } : {}) } } : {}),
    classification,
    postOfficeBox: street.poBox,
    normalizedStatusNameDPV: resolved && input.countryCode === 'US' && input.streetLines.length > 0,
    standardizedStatusNameMatchSource: 'Postal',
    resolutionMethodName: methodOf(input.countryCode),
    ruralRouteHighwayContract: false,
    ...(resolved ? {} : { generalDelivery: false }),
    attributes: {
      POBox: street.poBox,
      POBoxOnlyZIP: false,
      SplitZip: false,
      SuiteRequiredButMissing: false,
      InvalidSuiteNumber: false,
      ResolutionInput: 'RAW_ADDRESS',
      DPV: resolved && input.countryCode === 'US' && input.streetLines.length > 0,
      ResolutionMethod: methodOf(input.countryCode),
      MatchSource: 'Postal',
      CountrySupported: where.supported,
      ValidlyFormed: input.streetLines.length === 0 || street.resolvable,
      Matched: place !== undefined,
      Resolved: resolved,
      Inserted: false,
      MultiUnitBase: false,
      ZIP11Match: false,
      ZIP4Match: resolved && addOn !== undefined,
      UniqueZIP: false,
      StreetAddress: resolved && input.streetLines.length > 0 && !street.poBox,
      RRConversion: false,
      ValidMultiUnit: resolved && unit,
      AddressType: !where.supported ? 'RAW' : resolved ? 'STANDARDIZED' : 'NORMALIZED',
      AddressPrecision: street.poBox ? 'PO_BOX' : unit ? 'MULTI_TENANT_UNIT' : 'STREET_ADDRESS',
      MultipleMatches: where.supported && where.matches > 1,
    },
  };
}

export async function addressResolve(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const resolvedAddresses: Json[] = [];
  for (const a of arr(req.body.addressesToValidate)) resolvedAddresses.push(await resolveOne(ctx, a));
  return { status: 200, body: envelope(ctx, req, { resolvedAddresses }) };
}
