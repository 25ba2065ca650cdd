import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierEnvironment } from '@lab/core/carrier';
import { formatShipDate } from '@lab/core/shipping/payload';
import { apiCall } from './api';
import { useClientConfig } from './config';

/**
 * GET /lab/api/simulator/clock for an environment: the carrier twin's simulated now. The Simulator
 * screen reads (and, moving the clock, refreshes) the same query.
 */
export const twinClockQuery = (environment: CarrierEnvironment) =>
  queryOptions({
    queryKey: ['simulator', 'clock', environment],
    queryFn: () => apiCall('simulator.clock', { query: { environment } }),
  });

/**
 * The day the playground dates its samples for (issue 39 item 6, docs/modules/carrier.md "Ship
 * dates"): when the environment's upstream is the built-in twin, the twin's today (its clock's UTC
 * day, the day it judges ship dates by); with a real carrier upstream, or when the server's
 * settings or the clock cannot be read, the browser's today. Undefined while that is not known
 * yet, so no sample is built for a wrong day first.
 */
export function useSampleDay(environment: CarrierEnvironment): string | undefined {
  const config = useClientConfig();
  const twin = config.data?.carrierTwin?.[environment] ?? false;
  const clock = useQuery({ ...twinClockQuery(environment), enabled: twin });
  if (config.isPending) return undefined;
  if (!twin) return formatShipDate(new Date());
  if (clock.isPending) return undefined;
  return clock.data ? clock.data.now.slice(0, 10) : formatShipDate(new Date());
}
