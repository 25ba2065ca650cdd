import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierEndpoint, CarrierEnvironment } from '@lab/core/carrier';
import type { OpenApiValidateReply } from '@lab/core/contract';
import { apiCall } from '@/lib/api';
import { useSampleDay } from '@/lib/sampleDay';
import { shipDocumentQuery } from '@/lib/openapi-docs/shipDocument';
import { useDebounced } from '@/lib/useDebounced';
import { FALLBACK_STOCK_TYPES, findLabelStockTypes } from './overwrite';
import { parseBody } from './tabs';

/** The playground's reads: their query keys live here (the ship document's in @/lib/openapi-docs). */
export const fapiQueries = {
  /** An endpoint's request samples: the default one (dated for `day`) and the named ones. */
  samples: (endpointId: string, day: string) =>
    queryOptions({
      queryKey: ['fapi-samples', endpointId, day],
      queryFn: () => apiCall('openapi.samples', { params: { endpoint: endpointId }, query: { day } }),
      staleTime: Infinity,
    }),
  /** The schema check of a request body: keyed by the body's text, sent parsed. */
  validate: (endpointId: string, text: string, body: unknown) =>
    queryOptions({
      queryKey: ['fapi-validate', endpointId, text],
      queryFn: () => apiCall('openapi.validate', { body: { endpoint: endpointId, body } }),
      staleTime: Infinity,
      placeholderData: (prev: OpenApiValidateReply | undefined) => prev,
    }),
};

/**
 * An endpoint's samples, the default one dated for the environment's sample day (the twin's today
 * when it is the upstream: useSampleDay); not asked before that day is known.
 */
export function useSamples(endpointId: string, environment: CarrierEnvironment) {
  const day = useSampleDay(environment);
  const q = useQuery({ ...fapiQueries.samples(endpointId, day ?? ''), enabled: day !== undefined });
  return { ...q, isLoading: day === undefined || q.isLoading };
}

/** The schema check of the request text as the screen shows it. */
export interface SchemaCheck {
  /** The check's answer: for the current text only when `current`. */
  data: OpenApiValidateReply | undefined;
  error: Error | null;
  isFetching: boolean;
  /** The current text is not JSON: there is nothing to check. */
  invalid: boolean;
  /** `data` (and `error`) are about the current text, not an earlier one. */
  current: boolean;
}

/**
 * The schema check of the request text, 400 ms after its last change (only while it is valid JSON,
 * and `enabled`). Its answer is only shown for the text it checked (issue 31: never a green line
 * beside a json syntax error, nor the last text's answer while the new one is checked).
 */
export function useSchemaCheck(endpoint: CarrierEndpoint, text: string, enabled: boolean): SchemaCheck {
  const checkedText = useDebounced(text, 400);
  const checked = useMemo(() => parseBody(checkedText), [checkedText]);
  const invalid = useMemo(() => !parseBody(text).ok, [text]);
  const q = useQuery({
    ...fapiQueries.validate(endpoint.id, checkedText, checked.ok ? checked.value : null),
    enabled: enabled && !!endpoint.operation && checked.ok,
  });
  return {
    data: q.data,
    error: q.error,
    isFetching: q.isFetching,
    invalid,
    current: !invalid && checkedText === text && !q.isPlaceholderData,
  };
}

const stockTypesOf = (doc: unknown) => (doc ? findLabelStockTypes(doc) : undefined) ?? FALLBACK_STOCK_TYPES;

/** The label stock types of the imported ship document (read only while `enabled`), else the built-in list. */
export function useStockTypes(enabled: boolean): readonly string[] {
  const doc = useQuery({ ...shipDocumentQuery, enabled, select: stockTypesOf });
  return doc.data ?? FALLBACK_STOCK_TYPES;
}
