/**
 * How the demos read a carrier answer (pure, tested): which demo a response gets, the locations,
 * the postal summary and the labels of a created shipment.
 */

import { arr, num, obj, str, type Json } from './json';

export type DemoKind = 'locations' | 'postal' | 'shipment' | 'failed' | 'soon';

const DEMOS: Record<string, DemoKind> = {
  locations: 'locations',
  'postal-validate': 'postal',
  'ship-create': 'shipment',
};

/** A body with an `errors` member → failed; else the endpoint's demo, or "coming soon". */
export function demoKind(endpointId: string, body: unknown): DemoKind {
  if (typeof body === 'object' && body !== null && 'errors' in body) return 'failed';
  return DEMOS[endpointId] ?? 'soon';
}

// ── locations ────────────────────────────────────────────────────────────────────────────────────

/** Location types the carrier runs itself (what `DTR-HAL only` keeps). */
export const CARRIER_OPERATED_TYPES: readonly string[] = [
  'FEDEX_ONSITE',
  'FEDEX_EXPRESS_STATION',
  'FEDEX_OFFICE',
  'FEDEX_AUTHORIZED_SHIP_CENTER',
];

export function isCarrierOperated(locationType: string): boolean {
  return CARRIER_OPERATED_TYPES.includes(locationType);
}

export interface LocationEntry {
  /** Position in the answer (stable key). */
  index: number;
  locationId: string;
  locationType: string;
  carrierOperated: boolean;
  name: string;
  address: string;
  distance?: { value: number; units: string };
  lat?: number;
  lon?: number;
}

export interface LocationsModel {
  matchedAddress: string;
  matchedLat?: number;
  matchedLon?: number;
  entries: LocationEntry[];
}

function addressLine(a: Json): string {
  const street = arr(a.streetLines)
    .map((s) => str(s))
    .filter(Boolean)
    .join(', ');
  const cityLine = [str(a.city), str(a.stateOrProvinceCode), str(a.postalCode)].filter(Boolean).join(' ');
  return [street, cityLine, str(a.countryCode)].filter(Boolean).join(', ');
}

export function readLocations(body: unknown): LocationsModel {
  const output = obj(obj(body).output);
  const geo = obj(output.matchedAddressGeoCoord);
  const entries = arr(output.locationDetailList).map((raw, index): LocationEntry => {
    const d = obj(raw);
    const coords = obj(d.geoPositionalCoordinates);
    const contact = obj(obj(d.contactAndAddress).contact);
    const distance = obj(d.distance);
    const value = num(distance.value);
    const locationType = str(d.locationType);
    return {
      index,
      locationId: str(d.locationId),
      locationType,
      carrierOperated: isCarrierOperated(locationType),
      name: str(contact.companyName) || str(contact.personName) || str(d.locationId),
      address: addressLine(obj(obj(d.contactAndAddress).address)),
      distance: value === undefined ? undefined : { value, units: str(distance.units) },
      lat: num(coords.latitude),
      lon: num(coords.longitude),
    };
  });
  return {
    matchedAddress: addressLine(obj(output.matchedAddress)),
    matchedLat: num(geo.latitude),
    matchedLon: num(geo.longitude),
    entries,
  };
}

/** A link to a world map at a point (opened in a new tab, outside the site). */
export function externalMapUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

// ── postal validation ────────────────────────────────────────────────────────────────────────────

export interface PostalSummary {
  countryCode: string;
  cleanedPostalCode: string;
  stateOrProvinceCode: string;
  descriptions: { locationId: string; locationNumber: string; serviceArea: string; airportId: string }[];
}

export function readPostal(body: unknown): PostalSummary {
  const o = obj(obj(body).output);
  return {
    countryCode: str(o.countryCode),
    cleanedPostalCode: str(o.cleanedPostalCode),
    stateOrProvinceCode: str(o.stateOrProvinceCode),
    descriptions: arr(o.locationDescriptions).map((raw) => {
      const d = obj(raw);
      return {
        locationId: str(d.locationId),
        locationNumber: str(d.locationNumber),
        serviceArea: str(d.serviceArea),
        airportId: str(d.airportId),
      };
    }),
  };
}

export * from './shipment';
