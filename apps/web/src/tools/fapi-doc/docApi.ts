import { queryOptions } from '@tanstack/react-query';
import { CARRIER_ENDPOINTS } from '@lab/core/carrier';
import { apiCall } from '@/lib/api';

/** The doc viewer's reads: their query keys live here and nowhere else. */
export const docQueries = {
  documents: queryOptions({
    queryKey: ['openapi-docs'],
    queryFn: () => apiCall('openapi.documents'),
  }),
  operations: (name: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'operations'],
      queryFn: () => apiCall('openapi.operations', { params: { id: name } }),
      staleTime: 60_000,
    }),
  view: (name: string, method: string, path: string) =>
    queryOptions({
      queryKey: ['openapi-docs', name, 'view', method, path],
      queryFn: () => apiCall('openapi.view', { params: { id: name }, query: { method, path } }),
      staleTime: 60_000,
    }),
};

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
