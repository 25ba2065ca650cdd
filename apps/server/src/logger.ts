import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Paths pino blanks in every log line: credentials in headers and the secret-bearing fields of
 * carrier requests (OAuth client secrets, tokens, api keys). `*.x` covers one level of nesting.
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

/** Query parameters whose values are secrets (OAuth tokens and codes, client secrets, api keys, passwords, signatures). */
export const SECRET_PARAM = /token|secret|passw|pwd|api[-_]?key|auth|credential|session|signature|^sig$|^key$|^code$/i;

/** The URL with the values of secret-named query parameters replaced by `[redacted]` (the rest as sent). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as sent
      }
      return eq !== -1 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

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
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { req: serializeRequest } },
    destination,
  );
}
