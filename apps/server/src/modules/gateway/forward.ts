import { performance } from 'node:perf_hooks';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { CarrierCall } from '@lab/core/carrier';
import { INTERNAL_CALL_HEADER } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { RequestBodyError, UpstreamError, type HttpClient, type OutboundRequest } from '../../http/outbound.js';
import { PUBLIC_ORIGIN_HEADER, publicOrigin } from '../../http/publicOrigin.js';
import type { LabServices } from '../../module.js';
import { filterResponseHeaders, forwardRequestHeaders, loggableBody, simFaultHeader } from './headers.js';
import type { GatewayUpstream } from './upstreams.js';

/** One call the gateway forwards. */
export interface ForwardedCall {
  upstream: GatewayUpstream;
  method: OutboundRequest['method'];
  /** Checked by the route; appended to the upstream's base. */
  path: string;
  query?: string;
  /** Raw bytes (JSON, forms) or the live stream (multipart uploads). */
  body?: OutboundRequest['body'];
  /** The declared length of a streamed upload, passed on (bytes are forwarded as they arrive). */
  contentLength?: number;
  /** Which carrier call it is (the traffic log's environment, endpoint and conformance check). */
  carrier?: CarrierCall;
}

export type Forward = (request: FastifyRequest, reply: FastifyReply, call: ForwardedCall) => Promise<FastifyReply>;

/** The request body as received, for a route that forwards bytes (JSON, forms): a multipart stream is refused. */
export function rawBody(request: FastifyRequest): Buffer {
  if (request.body === undefined || request.body === null) return Buffer.alloc(0);
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new HttpError(415, 'multipart bodies go to /documents/… paths only');
}

/** Counts bytes of a streamed upload and fails it past the limit (413, answered by the error handler). */
export function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.byteLength;
      if (seen > limit) done(new RequestBodyError(413, `Payload too large: the upload limit is ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

/** Whether the request's logger writes lines of this level (so bodies are parsed for the log only then). */
function logs(request: FastifyRequest, level: 'debug' | 'info'): boolean {
  const threshold = pino.levels.values[request.log.level];
  return threshold === undefined || pino.levels.values[level]! >= threshold;
}

/**
 * Forwarding in `app`'s scope: the upstream's answer passed back (its status, body and filtered
 * headers), the gateway's own 502/504 when the upstream fails, one log line each way with secrets
 * redacted, calls to real upstreams recorded in the traffic log, and `Server-Timing:
 * upstream;dur=<ms>` on every answer (0 when no upstream was called).
 */
export function forwarding(app: FastifyInstance, client: HttpClient, traffic: LabServices['traffic']): Forward {
  const config = app.config;
  const identityHeader = config.auth.mode === 'proxy' ? config.auth.header : undefined;
  const timings = new WeakMap<FastifyRequest, number>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('server-timing', `upstream;dur=${timings.get(request) ?? 0}`);
  });

  return async (request, reply, call) => {
    const { upstream } = call;
    const headers = forwardRequestHeaders(request.headers, identityHeader);
    if (call.contentLength !== undefined) headers['content-length'] = String(call.contentLength);
    // A simulator on this server is called over loopback: its links must name the caller's origin instead.
    if (upstream.builtIn) headers[PUBLIC_ORIGIN_HEADER] = publicOrigin(request, config.publicBaseUrl);
    if (upstream.builtIn) Object.assign(headers, simFaultHeader(request.headers));
    // Calls to a real upstream go to the traffic log (the simulators record their own).
    const started = Date.now();
    const t0 = performance.now();
    const record = (status: number, response: { headers: Record<string, string | string[]>; body: unknown }) => {
      if (upstream.builtIn) return;
      traffic.record({
        source: 'gateway',
        startedAt: started,
        durationMs: performance.now() - t0,
        method: call.method,
        url: `${upstream.base}${call.path}${call.query ? `?${call.query}` : ''}`,
        status,
        // A streamed upload is recorded as such, not read.
        request: { headers, body: call.body },
        response,
        fault: null,
        ...(call.carrier ? { carrier: call.carrier } : {}),
      });
    };
    // Bodies are parsed for the log only when that line is written (the benchmark path logs nothing).
    if (logs(request, 'debug')) {
      const body = loggableBody(Buffer.isBuffer(call.body) ? call.body : undefined, headers['content-type']);
      request.log.debug(
        { upstream: upstream.name, method: call.method, path: call.path, headers, body },
        'gateway request',
      );
    }
    try {
      // Our own simulators sit behind the site's access control: the per-app key lets the call in
      // (added after the log line, so the key is never logged).
      const sent = upstream.builtIn ? { ...headers, [INTERNAL_CALL_HEADER]: app.internalCallKey } : headers;
      const res = await client.send({
        upstream,
        method: call.method,
        path: call.path,
        ...(call.query ? { query: call.query } : {}),
        headers: sent,
        body: call.body,
        timeouts: upstream.timeouts,
        maxResponseBytes: config.gatewayResponseLimitBytes,
      });
      timings.set(request, res.durationMs);
      if (res.status >= 300 && res.status < 400) {
        throw new UpstreamError(
          502,
          `upstream ${upstream.name} answered a redirect (${res.status}); the gateway does not follow redirects`,
          res.durationMs,
        );
      }
      const level = res.status >= 400 ? 'info' : 'debug';
      if (logs(request, level)) {
        const contentType = res.headers['content-type'];
        const body = loggableBody(res.body, typeof contentType === 'string' ? contentType : undefined);
        request.log[level](
          { upstream: upstream.name, status: res.status, durMs: res.durationMs, body },
          'gateway response',
        );
      }
      record(res.status, { headers: res.headers, body: res.body });
      return reply.code(res.status).headers(filterResponseHeaders(res.headers)).send(res.body);
    } catch (err) {
      // A RequestBodyError (the upload past its limit: 413) goes on to the error handler as it is.
      if (!(err instanceof UpstreamError)) throw err;
      timings.set(request, err.durationMs);
      record(err.statusCode, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: err.message }),
      });
      request.log.warn({ upstream: upstream.name, status: err.statusCode }, err.message);
      // The gateway's own 502/504 name the upstream (the error handler would hide a 5xx's message).
      return reply.code(err.statusCode).send({ message: err.message });
    }
  };
}
