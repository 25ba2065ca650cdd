export { CountrySelect, type CountrySelectProps } from './CountrySelect';
export { countriesQuery, countrySelectOptions, useCountries } from './countries';
