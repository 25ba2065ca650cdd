import { performance } from 'node:perf_hooks';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { CARRIER_TOKEN_PATH, findEndpoint, type CarrierHost } from '@lab/core/carrier';
import { CARRIER_ENVIRONMENTS, gatewayErrorReply as message, type CarrierEnvironment } from '@lab/core/contract';
import { TOKEN_ENDPOINT_ID } from '@lab/core/simulator';
import { PUBLIC_ORIGIN_HEADER, publicOrigin } from '../../http/publicOrigin.js';
import { INTERNAL_CALL_HEADER } from '../../http/auth.js';
import { API_PREFIX, SIM_PREFIX } from '../../http/web.js';
import type { ModulePlugin } from '../../module.js';
import {
  RequestBodyError,
  timeoutsOf,
  UpstreamError,
  type OutboundRequest,
  type Upstream,
} from '../../http/outbound.js';
import { filterResponseHeaders, forwardRequestHeaders, loggableBody, simFaultHeader } from './headers.js';
import type { UpstreamKey } from './settings.js';

/**
 * Where each upstream's built-in simulator lives on this server: the carrier simulator plays
 * production below /production on each host, so a sandbox token is refused there (and vice versa).
 */
const SIMULATOR_PATHS: Record<UpstreamKey, string> = {
  carrierSandbox: '/carrier',
  carrierProduction: '/carrier/production',
  carrierDocumentsSandbox: '/carrier-documents',
  carrierDocumentsProduction: '/carrier-documents/production',
  stratus: '/stratus',
};

const UPSTREAM_NAMES: Record<UpstreamKey, string> = {
  carrierSandbox: 'carrier sandbox',
  carrierProduction: 'carrier production',
  carrierDocumentsSandbox: 'carrier documents sandbox',
  carrierDocumentsProduction: 'carrier documents production',
  stratus: 'Stratus',
};

class GatewayRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a path before it is appended to an upstream base: no encoded characters (so no encoded
 * slashes or dots), no `..`/`.` segments, no empty segments (`//host`), no scheme or userinfo
 * (`:`, `@`), no backslashes. The catalogue check comes after.
 */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'the path must start with /';
  if (path.includes('%')) return 'percent-encoded characters (such as %2F) are not allowed in the path';
  if (path.includes('@')) return '@ is not allowed in the path';
  if (path.includes('\\')) return 'backslashes are not allowed in the path';
  if (/^\/+[a-z][a-z0-9+.-]*:/i.test(path) || path.includes('://')) return 'absolute URLs are not allowed';
  if (path.includes(':')) return ': is not allowed in the path';
  const segments = path.split('/').slice(1);
  // `..;x` and `.;x` are dot segments to servers that cut path parameters at `;` (Tomcat, Jetty).
  if (segments.some((s) => /^\.\.?(;|$)/.test(s))) return '. and .. segments are not allowed in the path';
  if (segments.slice(0, -1).some((s) => s === '')) return 'empty path segments (//) are not allowed';
  if (!/^[A-Za-z0-9\-._~/{}!$&'()*+,;=]*$/.test(path)) return 'the path has characters that are not allowed';
  return undefined;
}

/** The loopback origin of this server's own listening socket (the built-in simulators' host). */
function selfOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/** Counts bytes of a streamed upload and fails it past the limit. */
function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.byteLength;
      if (seen > limit) done(new RequestBodyError(413, `Payload too large: the upload limit is ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

const timings = new WeakMap<FastifyRequest, number>();

/** Whether the request's logger writes lines of this level (so bodies are parsed for the log only then). */
function logs(request: FastifyRequest, level: 'debug' | 'info'): boolean {
  const threshold = pino.levels.values[request.log.level];
  return threshold === undefined || pino.levels.values[level]! >= threshold;
}

/**
 * The carrier/Stratus gateway under /lab/api: the browser calls these same-origin routes, which
 * forward to configured upstreams only (default: the built-in simulators over HTTP).
 */
export function createGatewayRoutes(): ModulePlugin<'traffic'> {
  return async (app) => {
    const config = app.config;
    const client = app.outbound;
    const traffic = app.services.traffic;

    const identityHeader = config.auth.mode === 'proxy' ? config.auth.header : undefined;
    const upstreamOf = (key: UpstreamKey): Upstream & { builtIn?: true } => {
      const configured = config.gatewayUpstreams[key];
      if (configured) return { name: UPSTREAM_NAMES[key], base: configured };
      const origin = selfOrigin(app);
      const base = `${origin ?? 'http://server-not-listening.invalid'}${SIM_PREFIX}${SIMULATOR_PATHS[key]}`;
      return { name: `${UPSTREAM_NAMES[key]} (built-in simulator)`, base, builtIn: true };
    };

    // Bodies are forwarded as received: raw bytes for JSON/forms, the live stream for multipart.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.bodyLimitBytes }, (_req, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('multipart/form-data', (_req, payload, done) => done(null, payload));

    app.addHook('onSend', async (request, reply) => {
      reply.header('server-timing', `upstream;dur=${timings.get(request) ?? 0}`);
    });

    const routeConfig = {
      rateLimit: { max: config.gatewayRateLimitPerMinute, timeWindow: 60_000 },
    };

    async function forward(
      request: FastifyRequest,
      reply: FastifyReply,
      call: Omit<OutboundRequest, 'headers' | 'maxResponseBytes' | 'upstream'> & {
        upstream: Upstream & { builtIn?: true };
        headers?: Record<string, string>;
      },
    ) {
      const headers = { ...(call.headers ?? forwardRequestHeaders(request.headers, identityHeader)) };
      // A simulator on this server is called over loopback: its links must name the caller's origin instead.
      if (call.upstream.builtIn) headers[PUBLIC_ORIGIN_HEADER] = publicOrigin(request, config.publicBaseUrl);
      if (call.upstream.builtIn) Object.assign(headers, simFaultHeader(request.headers));
      // Calls to a real upstream go to the traffic log (the simulators record their own).
      const started = Date.now();
      const t0 = performance.now();
      const logTraffic = (status: number, response: { headers: Record<string, string | string[]>; body: unknown }) => {
        if (call.upstream.builtIn) return;
        const env = /^\/lab\/api\/carrier\/(sandbox|production)\//.exec(request.url)?.[1] ?? null;
        traffic.record({
          source: 'gateway',
          startedAt: started,
          durationMs: performance.now() - t0,
          environment: env,
          endpointId: env
            ? call.path === CARRIER_TOKEN_PATH
              ? TOKEN_ENDPOINT_ID
              : (findEndpoint(call.method, call.path)?.id ?? null)
            : null,
          method: call.method,
          url: `${call.upstream.base}${call.path}${call.query ? `?${call.query}` : ''}`,
          status,
          // A streamed upload is recorded as such, not read.
          request: { headers, body: call.body },
          response,
          fault: null,
          ...(env ? { carrierPath: call.path } : {}),
        });
      };
      // Bodies are parsed for the log only when that line is written (the benchmark path logs nothing).
      if (logs(request, 'debug')) {
        request.log.debug(
          {
            upstream: call.upstream.name,
            method: call.method,
            path: call.path,
            headers,
            body: loggableBody(Buffer.isBuffer(call.body) ? call.body : undefined, headers['content-type']),
          },
          'gateway request',
        );
      }
      try {
        // Our own simulators sit behind the site's access control: the per-app key lets the call in
        // (added after the log line, so the key is never logged).
        const sent = call.upstream.builtIn ? { ...headers, [INTERNAL_CALL_HEADER]: app.internalCallKey } : headers;
        const res = await client.send({ ...call, headers: sent, maxResponseBytes: config.gatewayResponseLimitBytes });
        timings.set(request, res.durationMs);
        if (res.status >= 300 && res.status < 400) {
          throw new UpstreamError(
            502,
            `upstream ${call.upstream.name} answered a redirect (${res.status}); the gateway does not follow redirects`,
            res.durationMs,
          );
        }
        const level = res.status >= 400 ? 'info' : 'debug';
        if (logs(request, level)) {
          const contentType = res.headers['content-type'];
          request.log[level](
            {
              upstream: call.upstream.name,
              status: res.status,
              durMs: res.durationMs,
              body: loggableBody(res.body, typeof contentType === 'string' ? contentType : undefined),
            },
            'gateway response',
          );
        }
        logTraffic(res.status, { headers: res.headers, body: res.body });
        return reply.code(res.status).headers(filterResponseHeaders(res.headers)).send(res.body);
      } catch (err) {
        if (err instanceof UpstreamError) {
          timings.set(request, err.durationMs);
          logTraffic(err.statusCode, {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message: err.message }),
          });
          request.log.warn({ upstream: call.upstream.name, status: err.statusCode }, err.message);
          return reply.code(err.statusCode).send({ message: err.message });
        }
        if (err instanceof RequestBodyError) return reply.code(err.statusCode).send({ message: err.message });
        throw err;
      }
    }

    const refuse = (reply: FastifyReply, err: unknown) => {
      if (err instanceof GatewayRefusal) return reply.code(err.statusCode).send({ message: err.message });
      throw err;
    };

    /** The carrier path after /lab/api/carrier/{env}, from the raw URL (nothing decoded). */
    function carrierPath(request: FastifyRequest, env: string): string {
      if (!(CARRIER_ENVIRONMENTS as readonly string[]).includes(env)) {
        throw new GatewayRefusal(404, `unknown carrier environment "${env}": use sandbox or production`);
      }
      const raw = request.url.split('?')[0] ?? '';
      const prefix = `${API_PREFIX}/carrier/${env}`;
      if (!raw.startsWith(`${prefix}/`)) throw new GatewayRefusal(400, 'the environment must be written plainly');
      const path = raw.slice(prefix.length);
      const problem = pathProblem(path);
      if (problem) throw new GatewayRefusal(400, problem);
      return path;
    }

    /**
     * Only enabled catalogue entries are forwarded: an imported document adds no route (its
     * `/{a}/{b}/{c}` would match anything), and disabled entries (freight, end of day) stay off.
     */
    function checkCatalogue(method: string, path: string, host: CarrierHost) {
      if (findEndpoint(method, path, host)) return;
      throw new GatewayRefusal(404, `${method} ${path} is not a carrier endpoint the gateway forwards`);
    }

    const envKey = (env: CarrierEnvironment, documents: boolean): UpstreamKey =>
      documents
        ? env === 'sandbox'
          ? 'carrierDocumentsSandbox'
          : 'carrierDocumentsProduction'
        : env === 'sandbox'
          ? 'carrierSandbox'
          : 'carrierProduction';

    const rawBody = (request: FastifyRequest): Buffer => {
      if (request.body === undefined || request.body === null) return Buffer.alloc(0);
      if (Buffer.isBuffer(request.body)) return request.body;
      throw new GatewayRefusal(415, 'multipart bodies go to /documents/… paths only');
    };

    const envParams = z.object({ env: z.string() });

    app.post(
      '/carrier/:env/oauth/token',
      {
        config: routeConfig,
        schema: {
          summary: 'Carrier OAuth token (form body grant_type, client_id, client_secret), forwarded',
          tags: ['gateway'],
          params: envParams,
          response: { 400: message, 404: message, 415: message, 502: message, 504: message },
        },
      },
      async (request, reply) => {
        try {
          const env = request.params.env;
          if (!(CARRIER_ENVIRONMENTS as readonly string[]).includes(env)) {
            throw new GatewayRefusal(404, `unknown carrier environment "${env}": use sandbox or production`);
          }
          const body = rawBody(request);
          return await forward(request, reply, {
            upstream: upstreamOf(envKey(env as CarrierEnvironment, false)),
            method: 'POST',
            path: CARRIER_TOKEN_PATH,
            timeouts: timeoutsOf(config.gatewayCarrierTimeoutMs),
            body,
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    );

    app.route({
      method: ['POST', 'PUT'],
      url: '/carrier/:env/*',
      config: routeConfig,
      schema: {
        summary: 'A carrier catalogue endpoint (JSON), forwarded to the environment’s REST host',
        tags: ['gateway'],
        params: z.object({ env: z.string(), '*': z.string() }),
        response: { 400: message, 404: message, 415: message, 502: message, 504: message },
      },
      handler: async (request, reply) => {
        try {
          const { env } = request.params as { env: string };
          const path = carrierPath(request, env);
          checkCatalogue(request.method, path, 'api');
          const body = rawBody(request);
          return await forward(request, reply, {
            upstream: upstreamOf(envKey(env as CarrierEnvironment, false)),
            method: request.method as 'POST' | 'PUT',
            path,
            timeouts: timeoutsOf(config.gatewayCarrierTimeoutMs),
            body,
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    });

    // The labels and documents a built-in simulator serves for URL_ONLY replies (its links point here).
    app.get(
      '/carrier/:env/labels/:file',
      {
        config: routeConfig,
        schema: {
          summary: 'A URL_ONLY label or document of the built-in carrier simulator, forwarded',
          tags: ['gateway'],
          params: z.object({ env: z.string(), file: z.string() }),
          response: { 404: message, 502: message, 504: message },
        },
      },
      async (request, reply) => {
        try {
          const { env, file } = request.params;
          if (!(CARRIER_ENVIRONMENTS as readonly string[]).includes(env)) {
            throw new GatewayRefusal(404, `unknown carrier environment "${env}": use sandbox or production`);
          }
          const upstream = upstreamOf(envKey(env as CarrierEnvironment, false));
          if (!upstream.builtIn || !/^\d{12}(-invoice|-merged)?\.(pdf|png|zpl|epl)$/.test(file)) {
            throw new GatewayRefusal(404, `no label ${file} here: labels are served for the built-in simulator only`);
          }
          return await forward(request, reply, {
            upstream,
            method: 'GET',
            path: `/labels/${file}`,
            timeouts: timeoutsOf(config.gatewayCarrierTimeoutMs),
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    );

    app.post(
      '/carrier/:env/documents/*',
      {
        config: routeConfig,
        schema: {
          summary: 'A trade-documents upload (multipart: document JSON string + attachment file), streamed',
          tags: ['gateway'],
          params: z.object({ env: z.string(), '*': z.string() }),
          response: { 400: message, 404: message, 413: message, 415: message, 502: message, 504: message },
        },
      },
      async (request, reply) => {
        try {
          const { env } = request.params;
          const path = carrierPath(request, env);
          checkCatalogue('POST', path, 'documents');
          const stream = request.body as Readable | undefined;
          const contentType = request.headers['content-type'] ?? '';
          if (!stream || Buffer.isBuffer(stream) || !/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
            throw new GatewayRefusal(415, 'send multipart/form-data with a "document" field and an "attachment" file');
          }
          const limit = config.gatewayUploadLimitBytes;
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > limit) {
            stream.resume();
            throw new GatewayRefusal(413, `Payload too large: the upload limit is ${limit} bytes`);
          }
          const headers = forwardRequestHeaders(request.headers, identityHeader);
          if (Number.isFinite(declared)) headers['content-length'] = String(declared);
          return await forward(request, reply, {
            upstream: upstreamOf(envKey(env as CarrierEnvironment, true)),
            method: 'POST',
            path,
            headers,
            timeouts: timeoutsOf(config.gatewayCarrierTimeoutMs),
            body: stream.pipe(limitStream(limit)),
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    );

    // Stratus: four fixed operations.
    const stratus = () => upstreamOf('stratus');
    const stratusTimeouts = () => timeoutsOf(config.gatewayStratusTimeoutMs);
    const stratusResponses = { 400: message, 415: message, 502: message, 504: message };

    app.post(
      '/stratus/auth/oauth/v2/token',
      {
        config: routeConfig,
        schema: {
          summary: 'Stratus OAuth token (Basic auth of client key and secret), forwarded',
          tags: ['gateway'],
          querystring: z.object({ grant_type: z.literal('client_credentials'), scope: z.literal('oob') }),
          response: stratusResponses,
        },
      },
      async (request, reply) => {
        try {
          return await forward(request, reply, {
            upstream: stratus(),
            method: 'POST',
            path: '/auth/oauth/v2/token',
            query: 'grant_type=client_credentials&scope=oob',
            timeouts: stratusTimeouts(),
            body: rawBody(request),
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    );

    app.get(
      '/stratus/stratus/v1/greet',
      {
        config: routeConfig,
        schema: { summary: 'Stratus greet, forwarded', tags: ['gateway'], response: stratusResponses },
      },
      async (request, reply) =>
        forward(request, reply, {
          upstream: stratus(),
          method: 'GET',
          path: '/stratus/v1/greet',
          timeouts: stratusTimeouts(),
        }),
    );

    app.post(
      '/stratus/stratus/v1/order',
      {
        config: routeConfig,
        schema: {
          summary: 'Stratus order (ProjetId, Transaction), forwarded',
          tags: ['gateway'],
          response: stratusResponses,
        },
      },
      async (request, reply) => {
        try {
          return await forward(request, reply, {
            upstream: stratus(),
            method: 'POST',
            path: '/stratus/v1/order',
            timeouts: stratusTimeouts(),
            body: rawBody(request),
          });
        } catch (err) {
          return refuse(reply, err);
        }
      },
    );

    app.get(
      '/stratus/stratus/v1/order/:id',
      {
        config: routeConfig,
        schema: {
          summary: 'Stratus order state, forwarded',
          tags: ['gateway'],
          params: z.object({
            id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'an order id is 1-100 letters, digits, - or _'),
          }),
          response: stratusResponses,
        },
      },
      async (request, reply) =>
        forward(request, reply, {
          upstream: stratus(),
          method: 'GET',
          path: `/stratus/v1/order/${request.params.id}`,
          timeouts: stratusTimeouts(),
        }),
    );
  };
}
