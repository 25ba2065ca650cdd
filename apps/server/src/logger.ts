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

export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
