/**
 * Location search and postal validation from our data: real cities near the requested address
 * (the lookups' `places`), carrier-style places in them with street lines, ids and hours from the
 * routing model (./tariff/routing.ts), the same for the same city every time.
 */
import { asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import type { LabServices } from '../../module.js';
import { carrierError } from './errors.js';
import { placeRouting as routingFor } from '@lab/core/carrier/label';
import { streetLine } from './tariff/streets.js';

type Json = JsonObject;

const KM_PER_MILE = 1.609344;

/** The kinds of place the twin simulates, in turn: company name, location type, weekday and Saturday hours. */
const PLACE_KINDS = [
  ['FedEx Office Print & Ship Center', 'FEDEX_OFFICE', ['07:00:00', '21:00:00'], ['09:00:00', '18:00:00']],
  ['FedEx Ship Center', 'FEDEX_STAFFED', ['08:00:00', '19:00:00'], ['09:00:00', '14:00:00']],
  ['FedEx Authorized ShipCenter', 'FEDEX_AUTHORIZED_SHIP_CENTER', ['09:00:00', '18:00:00'], null],
] as const;

const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

function storeHours(weekday: readonly [string, string], saturday: readonly [string, string] | null): Json[] {
  return WEEK.map((dayofweek, i) => {
    const hours = i < 5 ? weekday : i === 5 ? saturday : null;
    return hours
      ? { dayofweek, operationalHoursType: 'OPEN_BY_HOURS', operationalHours: [{ begins: hours[0], ends: hours[1] }] }
      : { dayofweek, operationalHoursType: 'CLOSED_ALL_DAY' };
  });
}

type Origin = NonNullable<Awaited<ReturnType<LabServices['places']['findOrigin']>>>;

/**
 * Where a search starts: the coordinates of a GEOGRAPHIC_COORDINATES search (the nearest city of
 * our data matched there); else the address — its postal code or city, and a city name our data
 * lacks tried without its last words (`Dubai City` → `Dubai`).
 */
async function searchOrigin(places: LabServices['places'], body: Json, address: Json): Promise<Origin | undefined> {
  const countryCode = str(address.countryCode) || undefined;
  const longLat = obj(body.location).longLat ?? obj(obj(body.location).geoPositionalCoordinates);
  const lat = Number(obj(longLat).latitude);
  const lon = Number(obj(longLat).longitude);
  if (str(body.locationSearchCriterion) === 'GEOGRAPHIC_COORDINATES' && Number.isFinite(lat) && Number.isFinite(lon)) {
    const at = { lat, lon, city: '', stateOrProvinceCode: '', postalCode: '', countryCode: countryCode ?? 'US' };
    const [nearest] = await places.citiesNear(at, 1, Number.POSITIVE_INFINITY);
    if (!nearest) return undefined;
    const { city } = nearest;
    return { ...at, city: city.name, stateOrProvinceCode: city.adminCode, countryCode: city.country };
  }
  const postalCode = str(address.postalCode) || undefined;
  const words = str(address.city).trim().split(/\s+/).filter(Boolean);
  for (let n = words.length; n >= (words.length ? 1 : 0); n--) {
    const city = words.slice(0, n).join(' ') || undefined;
    const origin = await places.findOrigin({ city, postalCode, countryCode });
    if (origin) return origin;
  }
  return undefined;
}

export async function locationsOutput(places: LabServices['places'], body: Json): Promise<Json> {
  const address = obj(obj(body.location).address);
  const controls = obj(body.locationsSummaryRequestControlParameters);
  const distance = obj(controls.distance);
  const units = str(distance.units, 'MI') === 'KM' ? 'KM' : 'MI';
  const radius = typeof distance.value === 'number' && distance.value > 0 ? distance.value : 50;
  const maxResults =
    typeof controls.maxResults === 'number' && controls.maxResults > 0 ? Math.min(controls.maxResults, 50) : 10;
  const origin = await searchOrigin(places, body, address);
  if (!origin) {
    throw carrierError(
      400,
      'LOCATION.SEARCH.ADDRESS.INVALID',
      'We could not find the address you entered. Please check the city or postal code and try again.',
    );
  }
  const near = await places.citiesNear(origin, maxResults, units === 'KM' ? radius : radius * KM_PER_MILE);
  const list = near.map(({ city, km }) => {
    // One simulated place per city, its kind, street and ids derived from the city (the same every time).
    const [companyName, locationType, weekday, saturday] = PLACE_KINDS[city.id % PLACE_KINDS.length]!;
    const routing = routingFor(city.country, origin.postalCode, `${city.name}|${city.id}`);
    return {
      locationId: routing.locationId,
      distance: { units, value: Math.round((units === 'KM' ? km : km / KM_PER_MILE) * 10) / 10 },
      contactAndAddress: {
        contact: { companyName },
        address: {
          streetLines: [streetLine(city.country, city.name, city.id)],
          city: city.name,
          stateOrProvinceCode: city.adminCode,
          countryCode: city.country,
        },
      },
      geoPositionalCoordinates: { latitude: city.lat, longitude: city.lon },
      locationType,
      storeHours: storeHours(weekday, saturday),
    };
  });
  return {
    totalResults: list.length,
    resultsReturned: list.length,
    matchedAddress: {
      city: origin.city,
      stateOrProvinceCode: origin.stateOrProvinceCode,
      postalCode: origin.postalCode,
      countryCode: origin.countryCode,
    },
    matchedAddressGeoCoord: { latitude: origin.lat, longitude: origin.lon },
    locationDetailList: list,
  };
}

/** Postal validation: our postal data for the places, the routing table for their ids. */
export async function postalValidateOutput(places: LabServices['places'], body: Json): Promise<Json> {
  const country = str(body.countryCode, 'US').toUpperCase();
  const postal = str(body.postalCode);
  const found = await places.postalPlaces(country, postal);
  if (found.length === 0) {
    throw carrierError(
      400,
      'POSTALCODE.INVALID',
      `The postal code ${postal} is not valid for ${country}. Please correct it and try again.`,
    );
  }
  const first = found[0]!;
  return {
    countryCode: country,
    stateOrProvinceCode: first.stateOrProvinceCode,
    cleanedPostalCode: first.postalCode,
    cityFirstInitials: first.city.slice(0, 1).toUpperCase(),
    locationDescriptions: found.slice(0, 10).map((p) => {
      const { locationId, locationNumber, serviceArea, airportId } = routingFor(country, p.postalCode, p.city);
      return { locationId, locationNumber, serviceArea, airportId };
    }),
  };
}
