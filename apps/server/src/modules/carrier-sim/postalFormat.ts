/**
 * Whether a postal code is well-formed for its country as the carrier reads it: the country's
 * format (the Search Regions tool's pattern) matched by the code as written, in upper case, or
 * with its separator where the format puts one (`336109168` is ZIP+4 `33610-9168`, `m1m1m1` is
 * `M1M 1M1`); or a format the carrier still routes by that the pattern leaves out (ALTERNATE_FORMATS).
 * Whether the code exists is the postal data's question (postal validation), not this rule's.
 */

/**
 * Older formats still in use that the countries' patterns leave out: Brazil's five-digit CEP (the
 * format before 1992, the first five digits of today's CEP, which the ship document's
 * SamplePayload-InternationalShipmentMPS sends from São Paulo).
 */
const ALTERNATE_FORMATS: Readonly<Record<string, RegExp>> = {
  BR: /^\d{5}$/,
};

/** The code as written, in upper case, and with a space or a hyphen at each inner position. */
function spellings(postal: string): string[] {
  const bare = postal.toUpperCase().replace(/[\s-]/g, '');
  const out = [postal, postal.toUpperCase(), bare];
  for (let i = 1; i < bare.length; i++)
    out.push(`${bare.slice(0, i)} ${bare.slice(i)}`, `${bare.slice(0, i)}-${bare.slice(i)}`);
  return out;
}

export function postalWellFormed(country: string, pattern: RegExp, postal: string): boolean {
  const candidates = spellings(postal.trim());
  if (candidates.some((c) => pattern.test(c))) return true;
  const alternate = ALTERNATE_FORMATS[country.toUpperCase()];
  return alternate !== undefined && alternate.test(postal.trim());
}
