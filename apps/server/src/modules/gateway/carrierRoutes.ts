import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CARRIER_ENVIRONMENTS,
  CARRIER_GATEWAY_BASE,
  CARRIER_TOKEN_PATH,
  carrierCallOf,
  isCarrierEnvironment,
  type CarrierCall,
  type CarrierEnvironment,
  type CarrierHost,
} from '@lab/core/carrier';
import { messageReply as message } from '@lab/core/contract';
import { TOKEN_ENDPOINT_ID } from '@lab/core/simulator';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { ZodApp } from '../../http/routes.js';
import { limitStream, rawBody, type Forward } from './forward.js';
import type { Upstreams } from './upstreams.js';

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

function knownEnvironment(env: string): CarrierEnvironment {
  if (isCarrierEnvironment(env)) return env;
  throw notFound(`unknown carrier environment "${env}": use ${CARRIER_ENVIRONMENTS.join(' or ')}`);
}

/**
 * The catalogue call a request below /lab/api/carrier/{env} asks for, from the raw URL (nothing
 * decoded): the environment written plainly, a safe path, and an enabled catalogue entry on
 * `host`. Imported OpenAPI documents add no route (a document's `/{a}/{b}/{c}` would match
 * anything), and disabled entries (freight, end of day) stay off.
 */
function catalogueCall(request: FastifyRequest, env: string, host: CarrierHost): CarrierCall {
  knownEnvironment(env);
  const raw = request.url.split('?')[0] ?? '';
  const prefix = `${CARRIER_GATEWAY_BASE}/${env}`;
  if (!raw.startsWith(`${prefix}/`)) throw badRequest('the environment must be written plainly');
  const path = raw.slice(prefix.length);
  const problem = pathProblem(path);
  if (problem) throw badRequest(problem);
  const call = carrierCallOf(request.method, request.url);
  if (call?.endpointId === undefined || call.host !== host) {
    throw notFound(`${request.method} ${path} is not a carrier endpoint the gateway forwards`);
  }
  return call;
}

/** The URL_ONLY label and document files the built-in simulator serves. */
const LABEL_FILE = /^\d{12}(-invoice|-merged)?\.(pdf|png|zpl|epl)$/;

const envParams = z.object({ env: z.string() });
const pathParams = z.object({ env: z.string(), '*': z.string() });

/** The carrier routes: the OAuth token, the catalogue's JSON endpoints, its uploads and the simulator's label files. */
export function carrierRoutes(app: ZodApp, forward: Forward, upstreams: Upstreams): void {
  const config = { rateLimit: { max: app.config.gatewayRateLimitPerMinute, timeWindow: 60_000 } };
  const tags = ['gateway'];

  app.post(
    '/carrier/:env/oauth/token',
    {
      config,
      schema: {
        summary: 'Carrier OAuth token (form body grant_type, client_id, client_secret), forwarded',
        tags,
        params: envParams,
        response: { 400: message, 404: message, 415: message, 502: message, 504: message },
      },
    },
    async (request, reply) => {
      const environment = knownEnvironment(request.params.env);
      const body = rawBody(request);
      const carrier = { environment, host: 'api', path: CARRIER_TOKEN_PATH, endpointId: TOKEN_ENDPOINT_ID } as const;
      return forward(request, reply, {
        upstream: upstreams.carrier(environment, 'api'),
        method: 'POST',
        path: CARRIER_TOKEN_PATH,
        body,
        carrier,
      });
    },
  );

  app.route({
    method: ['POST', 'PUT'],
    url: '/carrier/:env/*',
    config,
    schema: {
      summary: 'A carrier catalogue endpoint (JSON), forwarded to the environment’s REST host',
      tags,
      params: pathParams,
      response: { 400: message, 404: message, 415: message, 502: message, 504: message },
    },
    handler: async (request, reply) => {
      const carrier = catalogueCall(request, request.params.env, 'api');
      const body = rawBody(request);
      return forward(request, reply, {
        upstream: upstreams.carrier(carrier.environment, carrier.host),
        method: request.method as 'POST' | 'PUT',
        path: carrier.path,
        body,
        carrier,
      });
    },
  });

  // The labels and documents a built-in simulator serves for URL_ONLY replies (its links point here).
  app.get(
    '/carrier/:env/labels/:file',
    {
      config,
      schema: {
        summary: 'A URL_ONLY label or document of the built-in carrier simulator, forwarded',
        tags,
        params: z.object({ env: z.string(), file: z.string() }),
        response: { 404: message, 502: message, 504: message },
      },
    },
    async (request, reply) => {
      const { env, file } = request.params;
      const upstream = upstreams.carrier(knownEnvironment(env), 'api');
      if (!upstream.builtIn || !LABEL_FILE.test(file)) {
        throw notFound(`no label ${file} here: labels are served for the built-in simulator only`);
      }
      return forward(request, reply, { upstream, method: 'GET', path: `/labels/${file}` });
    },
  );

  app.post(
    '/carrier/:env/documents/*',
    {
      config,
      schema: {
        summary: 'A trade-documents upload (multipart: document JSON string + attachment file), streamed',
        tags,
        params: pathParams,
        response: { 400: message, 404: message, 413: message, 415: message, 502: message, 504: message },
      },
    },
    async (request, reply) => {
      const carrier = catalogueCall(request, request.params.env, 'documents');
      const stream = request.body as Readable | undefined;
      const contentType = request.headers['content-type'] ?? '';
      if (!stream || Buffer.isBuffer(stream) || !/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
        throw new HttpError(415, 'send multipart/form-data with a "document" field and an "attachment" file');
      }
      const limit = app.config.gatewayUploadLimitBytes;
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        stream.resume();
        throw new HttpError(413, `Payload too large: the upload limit is ${limit} bytes`);
      }
      return forward(request, reply, {
        upstream: upstreams.carrier(carrier.environment, carrier.host),
        method: 'POST',
        path: carrier.path,
        ...(Number.isFinite(declared) ? { contentLength: declared } : {}),
        body: stream.pipe(limitStream(limit)),
        carrier,
      });
    },
  );
}
