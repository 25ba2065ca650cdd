import { queryOptions } from '@tanstack/react-query';
import { CARRIER_ENDPOINTS } from '@lab/core/carrier';
import { apiCall } from '@/lib/api';

/** The doc viewer's reads: their query keys live here and nowhere else. */
export const docQueries = {
  documents: queryOptions({
    queryKey: ['openapi-docs'],
    queryFn: () => apiCall('openapi.documents'),
  }),
  /** `release` absent: the current release. */
  operations: (name: string, release?: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'operations', release ?? ''],
      queryFn: () => apiCall('openapi.operations', { params: { id: name }, query: releaseQuery(release) }),
      staleTime: 60_000,
    }),
  view: (name: string, method: string, path: string, release?: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'view', method, path, release ?? ''],
      queryFn: () =>
        apiCall('openapi.view', { params: { id: name }, query: { method, path, ...releaseQuery(release) } }),
      staleTime: 60_000,
    }),
  releases: (name: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'releases'],
      queryFn: () => apiCall('openapi.releases', { params: { id: name } }),
    }),
  /** What changed from release `from` to release `to` (ids): every change; the page filters. */
  diff: (name: string, from: string, to: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'diff', from, to],
      queryFn: () => apiCall('openapi.diff', { params: { id: name }, query: { from, to } }),
      staleTime: 5 * 60_000,
    }),
  whereUsed: (name: string, schema: string, field: string | undefined, release?: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'where-used', schema, field ?? '', release ?? ''],
      queryFn: () =>
        apiCall('openapi.whereUsed', {
          params: { id: name },
          query: { schema, ...(field ? { field } : {}), ...releaseQuery(release) },
        }),
      staleTime: 5 * 60_000,
    }),
};

const releaseQuery = (release: string | undefined) => (release ? { release } : {});

/** `POST /ship/v1/shipments`: how an operation is written in the URL (`?op=`). */
export const operationKey = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

export function parseOperationKey(key: string | null): { method: string; path: string } | undefined {
  const m = key ? /^([A-Z]+) (\/.*)$/.exec(key) : null;
  return m ? { method: m[1]!, path: m[2]! } : undefined;
}

/** The catalogue endpoint that sends this operation (the playground's tab), if any. */
export function endpointFor(document: string, method: string, path: string): string | undefined {
  return CARRIER_ENDPOINTS.find(
    (e) =>
      !e.disabled && e.operation?.document === document && e.operation.method === method && e.operation.path === path,
  )?.id;
}
