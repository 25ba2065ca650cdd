import { useMemo } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { useRealtime } from '@/lib/realtime';

/**
 * Refreshes one query for a stream of events: while a refresh runs, further events only mark it
 * stale, and one more refresh follows when it ends. A burst of events costs at most two reads, and
 * the last read starts after the last event (nothing announced is missed).
 */
export function coalescedRefresh(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let running = false;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      try {
        do {
          again = false;
          // A read already under way may have started before the event: it is replaced by a new one.
          await queryClient.invalidateQueries({ queryKey });
        } while (again);
      } finally {
        running = false;
      }
    })();
  };
}

const TOPICS = Object.values(SIMULATOR_TOPICS);

/**
 * The Simulator's realtime topics, one EventSource for all: the clock, the shipments, the
 * subscriptions' deliveries and the traffic log refresh themselves when the server says they changed.
 */
export function useSimulatorLive(): { connected: boolean } {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () => ({
      clock: coalescedRefresh(queryClient, ['simulator', 'clock']),
      shipments: coalescedRefresh(queryClient, ['simulator', 'shipments']),
      subscriptions: coalescedRefresh(queryClient, ['simulator', 'subscriptions']),
      deliveries: coalescedRefresh(queryClient, ['simulator', 'deliveries']),
      traffic: coalescedRefresh(queryClient, ['simulator', 'traffic']),
    }),
    [queryClient],
  );
  return useRealtime(TOPICS, (topic) => {
    if (topic === SIMULATOR_TOPICS.clock) {
      refresh.clock();
      refresh.shipments(); // events fall due as the clock moves
    } else if (topic === SIMULATOR_TOPICS.shipments) refresh.shipments();
    else if (topic === SIMULATOR_TOPICS.deliveries) {
      refresh.subscriptions();
      refresh.deliveries();
    } else if (topic === SIMULATOR_TOPICS.traffic) refresh.traffic();
  });
}
