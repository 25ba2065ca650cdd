import type { LabelRouting } from './types.js';

/**
 * The carrier twin's routing model (docs/modules/carrier.md, "Routing table"), the one table behind
 * labels (carrier twin and Stratus), postal validation, location search and the routing of rates
 * and shipments: the service area and airport of a place come from ONE table — the US by the
 * first digit of the ZIP code, other countries by country, the rest through the Memphis hub — and
 * a place's location id and number are derived from that row and a hash of the place, so the same
 * place always answers the same everywhere.
 */

export interface RoutingRow {
  serviceArea: string;
  airportId: string;
}

/** US ZIP codes by first digit → the row of that region (0/1 Northeast … 9 West Coast). */
export const US_ROUTING: readonly RoutingRow[] = [
  { serviceArea: 'A1', airportId: 'EWR' },
  { serviceArea: 'A1', airportId: 'JFK' },
  { serviceArea: 'A2', airportId: 'IAD' },
  { serviceArea: 'A3', airportId: 'MEM' },
  { serviceArea: 'A4', airportId: 'IND' },
  { serviceArea: 'A5', airportId: 'MSP' },
  { serviceArea: 'A6', airportId: 'STL' },
  { serviceArea: 'A7', airportId: 'DFW' },
  { serviceArea: 'A8', airportId: 'DEN' },
  { serviceArea: 'A9', airportId: 'OAK' },
];

/** Other countries by ISO code. */
export const COUNTRY_ROUTING: Readonly<Record<string, RoutingRow>> = {
  CA: { serviceArea: 'CA', airportId: 'YYZ' },
  MX: { serviceArea: 'MX', airportId: 'MEX' },
  BR: { serviceArea: 'SA', airportId: 'GRU' },
  GB: { serviceArea: 'EU', airportId: 'STN' },
  IE: { serviceArea: 'EU', airportId: 'DUB' },
  FR: { serviceArea: 'EU', airportId: 'CDG' },
  DE: { serviceArea: 'EU', airportId: 'CGN' },
  IT: { serviceArea: 'EU', airportId: 'MXP' },
  ES: { serviceArea: 'EU', airportId: 'MAD' },
  NL: { serviceArea: 'EU', airportId: 'AMS' },
  BE: { serviceArea: 'EU', airportId: 'LGG' },
  CH: { serviceArea: 'EU', airportId: 'ZRH' },
  CN: { serviceArea: 'AP', airportId: 'CAN' },
  HK: { serviceArea: 'AP', airportId: 'HKG' },
  TW: { serviceArea: 'AP', airportId: 'TPE' },
  JP: { serviceArea: 'AP', airportId: 'NRT' },
  KR: { serviceArea: 'AP', airportId: 'ICN' },
  SG: { serviceArea: 'AP', airportId: 'SIN' },
  IN: { serviceArea: 'AP', airportId: 'BOM' },
  AU: { serviceArea: 'AP', airportId: 'SYD' },
  AE: { serviceArea: 'ME', airportId: 'DXB' },
};

/** Every other country: routed through the Memphis hub. */
export const DEFAULT_ROUTING: RoutingRow = { serviceArea: 'AA', airportId: 'MEM' };

/** FNV-1a, 32 bits: a stable hash of a place's name (no randomness, so replies repeat). */
export function placeHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function routingRow(countryCode: string, postalCode: string): RoutingRow {
  const country = countryCode.toUpperCase();
  if (country === 'US') {
    const digit = /^\d/.test(postalCode) ? Number(postalCode[0]) : -1;
    return US_ROUTING[digit] ?? DEFAULT_ROUTING;
  }
  return COUNTRY_ROUTING[country] ?? DEFAULT_ROUTING;
}

export interface Routing extends RoutingRow {
  /** The airport code and a letter from the place's hash (`MEMA` … `MEMZ`). */
  locationId: string;
  /** Four digits from the place's hash. */
  locationNumber: string;
}

/** Service area, airport, location id and number of a place (country, postal code, city). */
export function placeRouting(countryCode: string, postalCode: string, city: string): Routing {
  const row = routingRow(countryCode, postalCode);
  const h = placeHash(`${countryCode.toUpperCase()}|${postalCode}|${city.toUpperCase()}`);
  return {
    ...row,
    locationId: `${row.airportId}${String.fromCharCode(65 + (h % 26))}`,
    locationNumber: String(1000 + (Math.floor(h / 26) % 9000)),
  };
}

/** The routing printed on a label: the same table, for the party's address. */
export function routingFor(address: { city: string; postalCode: string; countryCode: string }): LabelRouting {
  const r = placeRouting(address.countryCode, address.postalCode.trim(), address.city);
  return { serviceArea: r.serviceArea, airportCode: r.airportId, locationId: r.locationId };
}
