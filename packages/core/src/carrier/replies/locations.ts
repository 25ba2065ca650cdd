/** How a Find Locations answer reads: the matched address and each location with its coordinates. */
import { arr, num, obj, str, type Json } from './read.js';

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
