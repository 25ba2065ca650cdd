import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountriesReply, CountryOption } from '@lab/core/contract';
import { apiFetch } from '@/lib/api';

/** Every ISO 3166-1 country with English and Chinese names (from the server, fetched once). */
export const countriesQuery = queryOptions({
  queryKey: ['utils', 'countries'],
  queryFn: async () => (await apiFetch<CountriesReply>('/utils/v1/iso3166/countries')).data,
  staleTime: Infinity,
});

export const useCountries = () => useQuery(countriesQuery);

/** Select options `CN · People's Republic of China 中国`, searchable by code and both names. */
export function countrySelectOptions(countries: CountryOption[] | undefined) {
  return (countries ?? []).map((c) => ({
    value: c.alpha_2,
    label: `${c.alpha_2} · ${c.name} ${c.name_cn}`.trim(),
  }));
}
