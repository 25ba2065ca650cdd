import { queryOptions } from '@tanstack/react-query';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { apiCall } from '@/lib/api';

/** The twin credentials' read (its key under `['simulator']` like the screen's others). */
export const credentialsQuery = queryOptions({
  queryKey: ['simulator', 'credentials'],
  queryFn: () => apiCall('simulator.credentials'),
});

/** Issue (the answer carries the secret, once) and revoke. */
export const credentialActions = {
  issue: (environment: SimEnvironmentName, name: string) =>
    apiCall('simulator.issueCredential', { body: { environment, name } }),
  revoke: (clientId: string) => apiCall('simulator.revokeCredential', { params: { clientId } }),
};
