import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@lab/core/contract';
import { apiFetch } from './api';

/** Server settings the app reads at start (GET /lab/api/config). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiFetch<ClientConfig>('/config'),
    staleTime: Infinity,
  });
}
