/**
 * Which sort hub a shipment is routed through (docs/modules/carrier-sim.md, "Tariff model"): a
 * model of the carrier's network, not its real routing. Ground shipments in the US go through the
 * Ground hub of the origin's region; Express shipments in the US through the Express hub of the
 * origin's region (Memphis, the carrier's world hub, for the South and the Mountain states); a
 * shipment from China through Guangzhou, from the European Union through Paris, from Canada
 * through Toronto; anything else through Memphis.
 */
import { HUB, type ScanPlace } from './lifecycle.js';

const hub = (city: string, stateOrProvinceCode: string, postalCode: string, countryCode: string): ScanPlace => ({
  city,
  stateOrProvinceCode,
  postalCode,
  countryCode,
});

/** The carrier's Memphis world hub: the hub of last resort. */
export const MEMPHIS = HUB;

type Region = 'NORTHEAST' | 'SOUTHEAST' | 'MIDWEST' | 'SOUTH_CENTRAL' | 'MOUNTAIN' | 'PACIFIC';

// prettier-ignore
const STATES: Record<Region, readonly string[]> = {
  NORTHEAST: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT', 'NY', 'NJ', 'PA', 'DE', 'MD', 'DC'],
  SOUTHEAST: ['VA', 'WV', 'NC', 'SC', 'GA', 'FL', 'AL', 'MS', 'TN', 'KY', 'PR'],
  MIDWEST: ['OH', 'MI', 'IN', 'IL', 'WI', 'MN', 'IA', 'MO', 'ND', 'SD', 'NE', 'KS'],
  SOUTH_CENTRAL: ['TX', 'OK', 'AR', 'LA'],
  MOUNTAIN: ['MT', 'WY', 'CO', 'NM', 'AZ', 'UT', 'NV', 'ID'],
  PACIFIC: ['CA', 'OR', 'WA', 'AK', 'HI'],
};
const REGION_OF = new Map(
  (Object.entries(STATES) as [Region, readonly string[]][]).flatMap(([r, states]) => states.map((s) => [s, r])),
);

const GROUND_HUBS: Record<Region, ScanPlace> = {
  NORTHEAST: hub('ALLENTOWN', 'PA', '18106', 'US'),
  SOUTHEAST: hub('ELLENWOOD', 'GA', '30294', 'US'),
  MIDWEST: hub('CHICAGO', 'IL', '60638', 'US'),
  SOUTH_CENTRAL: hub('DALLAS', 'TX', '75241', 'US'),
  MOUNTAIN: hub('SALT LAKE CITY', 'UT', '84104', 'US'),
  PACIFIC: hub('SACRAMENTO', 'CA', '95828', 'US'),
};
const EXPRESS_HUBS: Record<Region, ScanPlace> = {
  NORTHEAST: hub('NEWARK', 'NJ', '07114', 'US'),
  SOUTHEAST: MEMPHIS,
  MIDWEST: hub('INDIANAPOLIS', 'IN', '46241', 'US'),
  SOUTH_CENTRAL: hub('FORT WORTH', 'TX', '76177', 'US'),
  MOUNTAIN: MEMPHIS,
  PACIFIC: hub('OAKLAND', 'CA', '94621', 'US'),
};

// prettier-ignore
const EU = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
const COUNTRY_HUBS: Readonly<Record<string, ScanPlace>> = {
  CN: hub('GUANGZHOU', 'GD', '510470', 'CN'),
  CA: hub('MISSISSAUGA', 'ON', 'L5T2T6', 'CA'),
  ...Object.fromEntries(EU.map((c) => [c, hub('ROISSY CHARLES DE GAULLE', '', '95700', 'FR')])),
};

/** The hub a shipment from `origin` is sorted at, by service family (Ground or Express). */
export function hubFor(origin: Pick<ScanPlace, 'countryCode' | 'stateOrProvinceCode'>, ground: boolean): ScanPlace {
  const country = origin.countryCode.toUpperCase();
  if (country !== 'US') return COUNTRY_HUBS[country] ?? MEMPHIS;
  const region = REGION_OF.get(origin.stateOrProvinceCode.toUpperCase());
  if (!region) return MEMPHIS;
  return (ground ? GROUND_HUBS : EXPRESS_HUBS)[region];
}
