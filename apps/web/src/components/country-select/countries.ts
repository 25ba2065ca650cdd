import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryOption } from '@lab/core/contract';
import { apiCall } from '@/lib/api';

/** Every ISO 3166-1 country with English and Chinese names (from the server, fetched once). */
export const countriesQuery = queryOptions({
  queryKey: ['utils', 'countries'],
  queryFn: async () => (await apiCall('lookups.countries')).data,
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
