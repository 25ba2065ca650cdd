import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api';

/** Server settings the app reads at start (GET /lab/api/config). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiCall('system.config'),
    staleTime: Infinity,
  });
}
