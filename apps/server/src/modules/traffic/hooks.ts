import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carrierCallOf } from '@lab/core/carrier';
import { SIM_FAULT_HEADER } from '@lab/core/simulator';
import type { Headers } from './message.js';
import type { TrafficCall, TrafficSource } from './log.js';

interface Pending {
  t0: number;
  startedAt: number;
  replyBody?: unknown;
  replyValue?: unknown;
  done?: true;
}

/**
 * Records every call of `app`'s scope (a simulator's `sim` plugin) with Fastify hooks: what it was
 * asked and what it answered (the value a handler sent, or the bytes), the fault it played, and
 * for the carrier twin which carrier call it was (`carrierCallOf`).
 */
export function recordCalls(
  app: FastifyInstance,
  source: Exclude<TrafficSource, 'gateway'>,
  record: (call: TrafficCall) => void,
): void {
  const pending = new WeakMap<FastifyRequest, Pending>();

  const finish = (request: FastifyRequest, reply: FastifyReply, p: Pending, answered: boolean) => {
    if (p.done) return;
    p.done = true;
    const carrier = source === 'carrier-sim' ? carrierCallOf(request.method, request.url) : undefined;
    const fault = reply.getHeader(SIM_FAULT_HEADER);
    record({
      source,
      startedAt: p.startedAt,
      durationMs: performance.now() - p.t0,
      method: request.method,
      url: request.url,
      status: answered ? reply.statusCode : 0,
      request: { headers: request.headers, body: request.body },
      response: answered
        ? {
            headers: reply.getHeaders() as Headers,
            body: p.replyBody,
            // A route with a response schema serializes only what it names: then the text sent is read.
            ...(request.routeOptions.schema?.response ? {} : { value: p.replyValue }),
          }
        : { headers: {}, body: undefined },
      fault: typeof fault === 'string' ? fault : null,
      ...(carrier ? { carrier } : {}),
    });
  };

  app.addHook('onRequest', async (request, reply) => {
    const p: Pending = { t0: performance.now(), startedAt: Date.now() };
    pending.set(request, p);
    // A call that never gets its reply written (the caller hung up, a hang fault) is recorded when it closes.
    // (Once a reply has begun, onResponse records it.)
    reply.raw.once('close', () => {
      if (!reply.raw.headersSent) finish(request, reply, p, false);
    });
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const p = pending.get(request);
    if (p) p.replyValue = payload;
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const p = pending.get(request);
    // A compressed reply is a stream: the value serialized before it (preSerialization) stands for it.
    if (p) p.replyBody = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : (p.replyValue ?? payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const p = pending.get(request);
    if (p) finish(request, reply, p, true);
  });
}
