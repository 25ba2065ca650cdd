import { useQuery } from '@tanstack/react-query';
import { shipChoicesFromDocument, type DocumentEnums } from '@lab/core/shipping/payload';
import { apiCall } from '@/lib/api';
import { shipDocumentQuery } from '@/lib/openapi-docs/shipDocument';

const choicesOf = (doc: unknown): DocumentEnums | null => (doc === null ? null : shipChoicesFromDocument(doc));

/**
 * The choice lists of the imported ship document (the stored document, its `$ref`s followed in
 * core), or null when it is not imported: the generator then uses core's built-in lists.
 */
export const useShipEnums = () => useQuery({ ...shipDocumentQuery, select: choicesOf });

/** Checks a create-shipment body against the imported ship document (`POST /openapi-docs/validate`). */
export const validateShipPayload = (body: unknown) =>
  apiCall('openapi.validate', { body: { endpoint: 'ship-create', body } });
