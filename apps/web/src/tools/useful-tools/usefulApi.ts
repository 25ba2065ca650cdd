import { queryOptions } from '@tanstack/react-query';
import type {
  AccountCheckBody,
  AccountCheckReply,
  DatasetStatusReply,
  LookupDatasetName,
  CitiesQuery,
  CitiesReply,
  DimWeightBody,
  DimWeightReply,
  EtdListReply,
  EtdRequirementReply,
  EtdRequirementQuery,
  HsSearchBody,
  HsSearchReply,
  M49Reply,
  PostalLookupBody,
  PostalLookupReply,
  RegionSearchBody,
  RegionSearchReply,
  TrackingNeighboursBody,
  TrackingNeighboursReply,
} from '@lab/core/contract';
import { apiFetch } from '@/lib/api';
import { postCalculator } from '@/lib/calculators';

/**
 * The Useful Tools' server calls, typed by the contract: the reads as query options (their keys
 * live here and nowhere else) and the searches and calculators as plain calls for useServerAction.
 */
export const usefulQueries = {
  /** The UN M49 region tree of the Search Regions cascade. */
  m49: queryOptions({
    queryKey: ['utils', 'm49'],
    queryFn: async () => (await apiFetch<M49Reply>('/utils/v1/m49')).data,
    staleTime: Infinity,
  }),
  /** Every destination's ETD/ECI rules (Browse import requirements). */
  etdList: queryOptions({
    queryKey: ['utils', 'etd-eci'],
    queryFn: () => apiFetch<EtdListReply>('/utils/v1/etd-eci'),
  }),
  /** Whether a lookup's dataset was imported (label and date), for the tab's status line. */
  datasetStatus: (name: LookupDatasetName) =>
    queryOptions({
      queryKey: ['utils', 'datasets', name],
      queryFn: () => apiFetch<DatasetStatusReply>(`/utils/v1/datasets/${name}`),
      staleTime: 60_000,
    }),
};

const post = <TReply>(path: string, body: unknown) => apiFetch<TReply>(path, { method: 'POST', json: body });
/** A query string of the parameters that are set, in the order given. */
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();

export const usefulApi = {
  searchRegions: (body: RegionSearchBody) => post<RegionSearchReply>('/utils/v1/iso3166/regions', body),
  searchCities: (params: CitiesQuery) => apiFetch<CitiesReply>(`/utils/v1/cities?${query(params)}`),
  searchHs: (body: HsSearchBody) => post<HsSearchReply>('/utils/v1/hs-codes/search', body),
  etdRequirement: (lane: EtdRequirementQuery) =>
    apiFetch<EtdRequirementReply>(`/utils/v1/etd-eci/requirement?${query(lane)}`),
  lookupPostal: (body: PostalLookupBody) => post<PostalLookupReply>('/postal/lookup', body),
  dimWeight: (body: DimWeightBody) => postCalculator<DimWeightReply>('/utils/v1/dimweight', body),
  trackingNeighbours: (body: TrackingNeighboursBody) =>
    postCalculator<TrackingNeighboursReply>('/utils/v1/trackingnumber', body),
  checkAccount: (body: AccountCheckBody) => postCalculator<AccountCheckReply>('/utils/v1/ean', body),
};
