/** One place a postal code belongs to, as the postal lookup answers it. `null` tags: the source does not say. */
export interface PostalPlace {
  countryCode: string;
  postalCode: string;
  city: string;
  stateOrProvinceCode: string;
  primary: boolean | null;
  residential: boolean | null;
}
