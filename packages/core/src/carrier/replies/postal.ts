/** How a postal-code validation answer reads: the cleaned code and its location descriptions. */
import { arr, obj, str } from './read.js';

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
