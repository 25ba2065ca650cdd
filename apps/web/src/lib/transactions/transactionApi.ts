import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefinitionsReply, TransactionSearchReply } from '@lab/core/contract';
import { DEFAULT_DEFINITIONS_VERSION } from '@lab/core/transactions';
import { apiCall } from '@/lib/api';

/** What the Search Transaction form asks (the screens read DEFAULT_DEFINITIONS_VERSION only). */
export interface SearchParams {
  type: string | undefined;
  keyword: string;
  isId: boolean;
  isFullText: boolean;
}

/** The transaction screens' reads: their query keys live here and nowhere else. */
export const transactionQueries = {
  /** The latest searched keywords (a search changes them). */
  keywords: queryOptions({
    queryKey: ['transactions', 'keywords'],
    queryFn: () => apiCall('transactions.keywords'),
  }),
  /** Every known transaction type with its loaded-definition count, then imported types (the type dropdowns). */
  types: queryOptions({
    queryKey: ['transactions', 'types', DEFAULT_DEFINITIONS_VERSION],
    queryFn: () => apiCall('transactions.types', { query: { version: DEFAULT_DEFINITIONS_VERSION } }),
    staleTime: 60_000,
  }),
};

export const useTransactionTypes = () => useQuery(transactionQueries.types);

export function searchDefinitions(p: SearchParams): Promise<TransactionSearchReply> {
  const query = {
    version: DEFAULT_DEFINITIONS_VERSION,
    keyword: p.keyword,
    isId: p.isId ? 'true' : 'false',
    isFullText: p.isFullText ? 'true' : 'false',
    ...(p.type ? { type: p.type } : {}),
  } as const;
  return apiCall('transactions.search', { query });
}

/** The definitions of the given field ids (one request for a whole transaction). */
export function fetchDefinitionsByIds(type: string, ids: number[]): Promise<DefinitionsReply> {
  return apiCall('transactions.byIds', { params: { version: DEFAULT_DEFINITIONS_VERSION, type }, body: { ids } });
}
