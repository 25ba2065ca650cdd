import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/** Server settings the app reads at start (GET /lab/api/config). */
export interface ClientConfig {
  version: string;
  fileShareUrl: string | null;
  publicBaseUrl: string | null;
  /** Base URL of the ZPL conversion service (our own /lab/api/labels unless configured). */
  labelServiceUrl?: string;
  [key: string]: unknown;
}

export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiFetch<ClientConfig>('/config'),
    staleTime: Infinity,
  });
}
