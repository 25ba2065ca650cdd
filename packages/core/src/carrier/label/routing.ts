import { foldDiacritics } from '../../regions/matching.js';
import type { LabelRouting } from './types.js';

/**
 * The label's routing codes, a documented model: we hold no airport or service-area table, so
 * both are derived from the address (city, postal code, country) the same way everywhere:
 *
 * - airport code: the city's letters (accents folded, A–Z only); one word → its first three
 *   letters (`Memphis` → `MEM`); several → the first word's initial and the last word's first two
 *   letters (`San Jose` → `SJO`, `North York` → `NYO`); fewer than three letters → padded with
 *   `X`; no Latin letter at all → the country code and `X` (`深圳` in CN → `CNX`).
 * - service area: `A` and one of `A12345`, picked by the postal code's characters (sum of their
 *   codes mod 6); no postal code → `AA`.
 * - location id: the airport code and one of `ABCD` (sum of the postal code's characters mod 4).
 *
 * Same address, same codes, on every label and in every reply.
 */
export function routingFor(address: { city: string; postalCode: string; countryCode: string }): LabelRouting {
  const words = foldDiacritics(address.city)
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  let airport: string;
  if (words.length === 0)
    airport = `${address.countryCode
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 2)}X`;
  else if (words.length === 1) airport = words[0]!.slice(0, 3);
  else airport = `${words[0]![0]}${words[words.length - 1]!.slice(0, 2)}`;
  airport = airport.padEnd(3, 'X');
  const postal = address.postalCode.trim().toUpperCase();
  let sum = 0;
  for (const ch of postal) sum += ch.codePointAt(0)!;
  const serviceArea = postal === '' ? 'AA' : `A${'A12345'[sum % 6]}`;
  return { serviceArea, airportCode: airport, locationId: `${airport}${'ABCD'[sum % 4]}` };
}
