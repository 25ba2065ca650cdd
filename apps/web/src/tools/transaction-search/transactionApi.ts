import { useQuery } from '@tanstack/react-query';
import type { TransactionDefinition } from '@lab/core/transactions';
import { apiFetch } from '@/lib/api';

/** The definitions version the screens read (the starter data and the carrier's v14 software). */
export const VERSION = 'GSMW14';
export const DEFAULT_TYPE = '020-global-shipping-transaction-request';

export interface SearchParams {
  type: string | undefined;
  keyword: string;
  isId: boolean;
  isFullText: boolean;
}

/** The search reply; `definations` is the server's contract spelling. */
export interface SearchReply {
  definations: TransactionDefinition[];
  msg: string;
  total: number;
}

export interface RecentKeyword {
  keyword: string;
  isId: boolean;
  created: string;
}

export function searchDefinitions(p: SearchParams): Promise<SearchReply> {
  const q = new URLSearchParams({
    version: VERSION,
    keyword: p.keyword,
    isId: String(p.isId),
    isFullText: String(p.isFullText),
  });
  if (p.type) q.set('type', p.type);
  return apiFetch<SearchReply>(`/transactions/search?${q.toString()}`);
}

export const fetchRecentKeywords = () => apiFetch<RecentKeyword[]>('/transactions/keywords');

/** The definitions of the given field ids (one request for a whole transaction). */
export function fetchDefinitionsByIds(type: string, ids: number[]): Promise<TransactionDefinition[]> {
  return apiFetch<TransactionDefinition[]>(`/transactions/${VERSION}/${encodeURIComponent(type)}/ids`, {
    method: 'POST',
    json: { ids },
  });
}

/** The transaction types of the loaded definitions, for the type dropdowns. */
export function useTransactionTypes() {
  return useQuery({
    queryKey: ['transactions', 'types', VERSION],
    queryFn: () => apiFetch<{ version: string; types: string[] }>(`/transactions/types?version=${VERSION}`),
    select: (reply) => reply.types,
    staleTime: 60_000,
  });
}
