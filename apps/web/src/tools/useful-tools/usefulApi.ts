import { queryOptions } from '@tanstack/react-query';
import type {
  AccountCheckBody,
  CitiesQuery,
  DimWeightBody,
  EtdRequirementQuery,
  HsSearchBody,
  LookupDatasetName,
  PostalLookupBody,
  RegionSearchBody,
  TrackingNeighboursBody,
} from '@lab/core/contract';
import { apiCall } from '@/lib/api';
import { postCalculator } from '@/lib/calculators';

/**
 * The Useful Tools' server calls, typed by the contract: the reads as query options (their keys
 * live here and nowhere else) and the searches and calculators as plain calls for useServerAction.
 */
export const usefulQueries = {
  /** The UN M49 region tree of the Search Regions cascade. */
  m49: queryOptions({
    queryKey: ['utils', 'm49'],
    queryFn: async () => (await apiCall('lookups.m49')).data,
    staleTime: Infinity,
  }),
  /** Every destination's ETD/ECI rules (Browse import requirements). */
  etdList: queryOptions({
    queryKey: ['utils', 'etd-eci'],
    queryFn: () => apiCall('lookups.etdList'),
  }),
  /** Whether a lookup's dataset was imported (label and date), for the tab's status line. */
  datasetStatus: (name: LookupDatasetName) =>
    queryOptions({
      queryKey: ['utils', 'datasets', name],
      queryFn: () => apiCall('lookups.datasetStatus', { params: { name } }),
      staleTime: 60_000,
    }),
};

/** The parameters that are set (an empty field is left out of the query string). */
const setOnly = <T extends object>(params: T): T =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')) as T;

export const usefulApi = {
  searchRegions: (body: RegionSearchBody) => apiCall('lookups.regions', { body }),
  searchCities: (params: CitiesQuery) => apiCall('lookups.cities', { query: setOnly(params) }),
  citiesReady: () => apiCall('lookups.citiesReady'),
  searchHs: (body: HsSearchBody) => apiCall('lookups.hsSearch', { body }),
  etdRequirement: (lane: EtdRequirementQuery) => apiCall('lookups.etdRequirement', { query: setOnly(lane) }),
  lookupPostal: (body: PostalLookupBody) => apiCall('lookups.postal', { body }),
  dimWeight: (body: DimWeightBody) => postCalculator('shipping.dimWeight', body),
  trackingNeighbours: (body: TrackingNeighboursBody) => postCalculator('shipping.trackingNeighbours', body),
  checkAccount: (body: AccountCheckBody) => postCalculator('shipping.accountCheck', body),
};
