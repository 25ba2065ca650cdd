import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export interface CountryOption {
  alpha_2: string;
  alpha_3: string;
  name: string;
  name_cn: string;
}

/** Every ISO 3166-1 country with English and Chinese names (from the server, fetched once). */
export function useCountries() {
  return useQuery({
    queryKey: ['utils', 'countries'],
    queryFn: async () => (await apiFetch<{ data: CountryOption[] }>('/utils/v1/iso3166/countries')).data,
    staleTime: Infinity,
  });
}

/** Select options `CN · People's Republic of China 中国`, searchable by code and both names. */
export function countrySelectOptions(countries: CountryOption[] | undefined) {
  return (countries ?? []).map((c) => ({
    value: c.alpha_2,
    label: `${c.alpha_2} · ${c.name} ${c.name_cn}`.trim(),
  }));
}
