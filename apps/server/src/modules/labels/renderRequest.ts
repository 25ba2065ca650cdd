import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { labelClient, requestSignal, TooManyRendersError, type ClientConcurrency } from './limits.js';
import { RenderBusyError, RenderCancelledError, RenderError, RenderTimeoutError, type RunOptions } from './pool.js';
import { LabelNotRenderedError, renderFailureBody } from './renderFailure.js';
import { LabelIndexError, LabelTooLargeError } from './service.js';

/**
 * A render on behalf of a request (the render and check routes): run in one of the client's slots
 * (`perClient`) under its client key, given up past `deadlineMs` or when the client leaves, and
 * answered when it fails.
 */
export async function renderForRequest<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  perClient: ClientConcurrency,
  deadlineMs: number,
  render: (run: RunOptions) => Promise<T>,
): Promise<T | FastifyReply> {
  let release: (() => void) | undefined;
  try {
    const client = labelClient(request);
    release = perClient.acquire(client);
    return await render({ client, signal: requestSignal(request, reply, deadlineMs) });
  } catch (err) {
    return answerRenderError(err, reply);
  } finally {
    release?.();
  }
}

/** The answer to a render that failed: 404 past the last label, 422 the engine's message, 429/503 busy. */
function answerRenderError(err: unknown, reply: FastifyReply) {
  if (err instanceof LabelIndexError) {
    return reply.code(404).header('x-total-count', String(err.total)).send({ message: err.message });
  }
  // A label the engine fails on: our words, the last command it read, its own message as detail.
  if (err instanceof LabelNotRenderedError) return reply.code(422).send(renderFailureBody(err));
  if (err instanceof RenderError || err instanceof RenderTimeoutError || err instanceof LabelTooLargeError) {
    throw new HttpError(422, err.message);
  }
  if (err instanceof RenderBusyError) return reply.code(503).header('retry-after', '1').send({ message: err.message });
  if (err instanceof TooManyRendersError) {
    return reply.code(429).header('retry-after', '1').send({ message: err.message });
  }
  // The client has gone: nobody reads this answer.
  if (err instanceof RenderCancelledError) throw new HttpError(499, err.message);
  throw err;
}
