import { useState } from 'react';
import type { RouteBody, RouteReply } from '@lab/core/contract';
import { ApiError, apiCall, errorMessage } from './api';
import { notify } from './notify';
import { useServerAction } from './serverAction';

/** The calculators (dim weight, tracking #, account #) keep their error notices this long, in seconds. */
export const CALCULATOR_ERROR_SECONDS = 3;

/** A required field left empty: the calculators' short error notice. */
export function warnRequired(message: string) {
  notify.error(message, CALCULATOR_ERROR_SECONDS);
}

/** The calculator routes: a body in, a reply tagged `success` or `error` out. */
export type CalculatorRoute = 'shipping.dimWeight' | 'shipping.trackingNeighbours' | 'shipping.accountCheck';

/**
 * POSTs to a calculator (`/utils/v1/…`) and returns its reply. A reply tagged `error` (a 400, or
 * a 200 from /ean) fails like any other call: an ApiError with the body's `message`/`msg`.
 */
export async function postCalculator<N extends CalculatorRoute>(name: N, body: RouteBody<N>): Promise<RouteReply<N>> {
  // One call for the three routes: TypeScript cannot narrow apiCall's request type on a generic name.
  const call = apiCall as (name: CalculatorRoute, request: { body: unknown }) => Promise<{ tag: string }>;
  const reply = await call(name, { body });
  if (reply.tag === 'error') throw new ApiError(200, errorMessage(200, 'OK', reply), reply);
  return reply as RouteReply<N>;
}

/**
 * One calculator on a screen: `run(body)` calls it; `result` is what `pick` keeps of the last
 * reply, cleared by a failure (shown for CALCULATOR_ERROR_SECONDS) or by `clear()`.
 */
export function useCalculator<TBody, TReply, TResult>(
  call: (body: TBody) => Promise<TReply>,
  pick: (reply: TReply) => TResult,
) {
  const [result, setResult] = useState<TResult>();
  const action = useServerAction({
    mutationFn: call,
    errorSeconds: CALCULATOR_ERROR_SECONDS,
    onSuccess: (reply) => setResult(pick(reply)),
    onError: () => setResult(undefined),
  });
  return { result, run: action.mutate, isPending: action.isPending, clear: () => setResult(undefined) };
}
