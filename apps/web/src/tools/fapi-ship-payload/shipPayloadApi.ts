import { queryOptions } from '@tanstack/react-query';
import type { OpenApiValidateReply } from '@lab/core/contract';
import { shipChoicesFromDocument, type DocumentEnums } from '@lab/core/shipping/payload';
import { apiFetch, ApiError } from '@/lib/api';

export const SHIP_DOCUMENT = 'ship--Shipment-Resource';

/**
 * The choice lists of the imported ship document (the stored document, its `$ref`s followed in
 * core), or null when it is not imported: the generator then uses core's built-in lists.
 */
export const shipEnumsQuery = queryOptions({
  queryKey: ['openapi-docs', SHIP_DOCUMENT, 'ship-payload-enums'],
  queryFn: async (): Promise<DocumentEnums | null> => {
    try {
      return shipChoicesFromDocument(await apiFetch<unknown>(`/openapi-docs/${SHIP_DOCUMENT}`));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** Checks a create-shipment body against the imported ship document (`POST /openapi-docs/validate`). */
export const validateShipPayload = (body: unknown) =>
  apiFetch<OpenApiValidateReply>('/openapi-docs/validate', { method: 'POST', json: { endpoint: 'ship-create', body } });
