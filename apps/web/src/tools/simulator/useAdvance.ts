import { useQueryClient } from '@tanstack/react-query';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { formatUtc } from './format';
import { messages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';

/** Moves the environment's clock: by an ISO-8601 duration (`advance`) or to an instant (`until`). */
export type ClockMove = { advance: string } | { until: string };

/**
 * POST /simulator/clock for the environment: the reply's now replaces the clock's, the shipments
 * are read again (events fell due), and a notice says where the clock is. A refusal shows the
 * server's message as given (useServerAction), and the screen's own `onError` may show it too.
 */
export function useAdvance(environment: SimEnvironmentName, onError?: (error: Error, move: ClockMove) => void) {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  return useServerAction({
    mutationFn: (move: ClockMove) =>
      'advance' in move
        ? simulatorActions.advance(environment, move.advance)
        : simulatorActions.advanceUntil(environment, move.until),
    onSuccess: (reply) => {
      queryClient.setQueryData(simulatorQueries.clock(reply.environment).queryKey, reply);
      void queryClient.invalidateQueries({ queryKey: simulatorQueries.shipments(reply.environment).queryKey });
      notify.success(fillMessage(m.clockMoved, { now: formatUtc(reply.now) }));
    },
    onError,
  });
}

/** DELETE /simulator/clock for the environment: back to real time; the reply's now replaces the clock's. */
export function useResetClock(environment: SimEnvironmentName) {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  return useServerAction({
    mutationFn: () => simulatorActions.resetClock(environment),
    onSuccess: (reply) => {
      queryClient.setQueryData(simulatorQueries.clock(reply.environment).queryKey, reply);
      void queryClient.invalidateQueries({ queryKey: simulatorQueries.shipments(reply.environment).queryKey });
      notify.success(fillMessage(m.clockReset, { now: formatUtc(reply.now) }));
    },
  });
}
