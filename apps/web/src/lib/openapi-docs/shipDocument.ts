import { queryOptions } from '@tanstack/react-query';
import { apiCall, ApiError } from '@/lib/api';

export const SHIP_DOCUMENT = 'ship--Shipment-Resource';

/**
 * The imported ship document (the stored OpenAPI JSON), or null when it is not imported. One
 * query key for every screen that reads it: each takes its part with `select` (the playground's
 * label stock types, the generator's choice lists), so the document is fetched once.
 */
export const shipDocumentQuery = queryOptions({
  queryKey: ['openapi-docs', SHIP_DOCUMENT],
  queryFn: async (): Promise<unknown> => {
    try {
      return await apiCall('openapi.document', { params: { id: SHIP_DOCUMENT } });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});
