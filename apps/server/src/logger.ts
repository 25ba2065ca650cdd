import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { CENSOR, redactSecrets, redactUrl } from './http/redact.js';

/**
 * Paths pino blanks in every log line: credentials in headers and the secret-bearing fields of
 * carrier requests (OAuth client secrets, tokens, api keys). `*.x` covers one level of nesting;
 * the line's formatter (`redactSecrets`, `http/redact.ts`) blanks secret-named fields at any depth.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  ...[
    'client_secret',
    'clientSecret',
    'access_token',
    'accessToken',
    'refresh_token',
    'token',
    'secret',
    'password',
    'api_key',
    'apiKey',
    'authorization',
  ].flatMap((k) => [k, `*.${k}`]),
];

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with secret query parameters redacted from the URL. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
      serializers: { req: serializeRequest },
      formatters: { log: (fields) => redactSecrets(fields) as Record<string, unknown> },
    },
    destination,
  );
}
