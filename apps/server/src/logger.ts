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

/**
 * Field names whose values are secrets, whatever their spelling (`client-secret`, `apiSecret`,
 * `secretKey`, `privateKey`, `bearerToken`, `child_secret`, `x-api-key`, …).
 */
export const SECRET_NAME = /secret|passw|pwd|token|bearer|api.?key|private.?key|authori[sz]ation|cookie|credential/i;

const CENSOR = '[redacted]';
/** Deeper than this a value is cut (a log line has no business being this deep). */
const MAX_DEPTH = 64;
/** Strings up to this size that look like JSON are parsed and redacted inside. */
const MAX_JSON_STRING = 256 * 1024;

function redactString(text: string, depth: number, seen: WeakSet<object>): string {
  if (text.length > MAX_JSON_STRING || !/^\s*[[{]/.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const redacted = redactValue(parsed, depth + 1, seen);
  return JSON.stringify(redacted);
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value, depth, seen);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  // Only plain objects and arrays are copied: a request, reply or error goes to its serializer as it is.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  seen.add(value); // the objects on the current path: a cycle, not a shared value, is cut
  let out: unknown;
  if (Array.isArray(value)) out = value.map((v) => redactValue(v, depth + 1, seen));
  else {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Defined, not assigned: a field named `__proto__` (JSON.parse makes one) stays a field.
      Object.defineProperty(copy, k, {
        value:
          SECRET_NAME.test(k) && v !== null && v !== undefined && v !== '' ? CENSOR : redactValue(v, depth + 1, seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    out = copy;
  }
  seen.delete(value);
  return out;
}

/**
 * A copy of a log line's fields with every secret-named field blanked at any depth, also inside
 * strings that hold JSON (a body logged as text).
 */
export function redactSecrets(value: unknown): unknown {
  return redactValue(value, 0, new WeakSet());
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
