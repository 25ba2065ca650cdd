import { queryOptions } from '@tanstack/react-query';
import { apiCall, ApiError } from '@/lib/api';

export const SHIP_DOCUMENT = 'ship--Shipment-Resource';

/**
 * The imported ship document (the stored OpenAPI JSON), or null when it is not imported. One
 * query key for every screen that reads it: each takes its part with `select` (the playground's
 * label stock types, the generator's choice lists), so the document is fetched once. The list of
 * stored documents says first whether it is there, so a fresh database costs no failed request
 * (no 404 in the console): the screens show their import hint.
 */
export const shipDocumentQuery = queryOptions({
  queryKey: ['openapi-docs', SHIP_DOCUMENT],
  queryFn: async (): Promise<unknown> => {
    const { documents } = await apiCall('openapi.documents');
    if (!documents.some((d) => d.name === SHIP_DOCUMENT)) return null;
    try {
      return await apiCall('openapi.document', { params: { id: SHIP_DOCUMENT } });
    } catch (e) {
      // Removed between the two reads.
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});
