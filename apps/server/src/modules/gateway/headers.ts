import type { IncomingHttpHeaders } from 'node:http';
import { UPSTREAM_AUTHORIZATION_HEADER } from '@lab/core/carrier';
import { SIM_FAULT_HEADER } from '@lab/core/simulator';
import { redactSecrets } from '../../http/redact.js';

/**
 * The only request headers the gateway passes on to an upstream, besides the carrier credential
 * (UPSTREAM_AUTHORIZATION_HEADER, sent on as `Authorization`; else a client library's own
 * `Authorization: Bearer`). The request's own `Authorization` in any other scheme is the site's
 * login under AUTH=basic (the browser adds it to every same-origin call): never sent.
 */
export const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'x-customer-transaction-id',
  'x-locale',
  'x-api-key',
  'x-requested-with',
] as const;

/** Hop-by-hop headers (RFC 9110 §7.6.1) and cookies never come back from an upstream. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'set-cookie2',
  // Ours to set: framing, timing, and this site's own security and CORS policy.
  'content-length',
  'date',
  'server-timing',
  'x-request-id',
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'referrer-policy',
  'alt-svc',
  'location',
]);

/** The header names a `Connection` header lists (hop-by-hop for this connection only, RFC 9110 §7.6.1). */
function connectionNamed(connection: string | string[] | undefined): Set<string> {
  return new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The allowed request headers, as single strings: the carrier credential as `Authorization` (the
 * x-upstream-authorization header the browser sends, else the request's own `Authorization` when
 * its scheme is Bearer, as a carrier client library pointed at the gateway sends it); never the
 * site's login (Basic), the site's identity header (`identityHeader`, AUTH=proxy) nor a header
 * the request's `Connection` names (hop-by-hop).
 */
export function forwardRequestHeaders(headers: IncomingHttpHeaders, identityHeader?: string): Record<string, string> {
  const hopByHop = connectionNamed(headers.connection);
  const out: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && !hopByHop.has(name) && name !== identityHeader) out[name] = value;
  }
  const credential = headers[UPSTREAM_AUTHORIZATION_HEADER];
  if (typeof credential === 'string' && !hopByHop.has(UPSTREAM_AUTHORIZATION_HEADER)) {
    out.authorization = credential;
  } else if (typeof headers.authorization === 'string' && !hopByHop.has('authorization')) {
    const bearer = /^Bearer\s+\S+$/i.exec(headers.authorization.trim());
    if (bearer) out.authorization = bearer[0];
  }
  return out;
}

/**
 * The x-sim-fault header (one fault on this call), passed on to the built-in simulators only: a
 * real upstream never sees it.
 */
export function simFaultHeader(headers: IncomingHttpHeaders): Record<string, string> {
  const value = headers[SIM_FAULT_HEADER];
  return typeof value === 'string' ? { [SIM_FAULT_HEADER]: value } : {};
}

/** Upstream response headers minus hop-by-hop ones (and those its Connection header names), cookies and ours. */
export function filterResponseHeaders(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const named = connectionNamed(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_RESPONSE_HEADERS.has(lower) || named.has(lower) || lower.startsWith('access-control-')) continue;
    out[lower] = value;
  }
  return out;
}

const LOGGED_BODY_BYTES = 64 * 1024;

/**
 * A body as something safe to log: JSON or form bodies parsed and redacted (`redactSecrets`, the
 * logger's own rule); anything else (or too big, or unparsable) only described by size, so a
 * secret in an odd format never reaches the log.
 */
export function loggableBody(body: Buffer | undefined, contentType: string | undefined): unknown {
  if (!body || body.byteLength === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (body.byteLength <= LOGGED_BODY_BYTES) {
    const text = body.toString('utf8');
    try {
      if (type.includes('json') || /^\s*[[{]/.test(text)) return redactSecrets(JSON.parse(text));
      if (type.includes('x-www-form-urlencoded')) return redactSecrets(Object.fromEntries(new URLSearchParams(text)));
    } catch {
      // fall through: described, not shown
    }
  }
  return `[${body.byteLength} bytes${type ? ` of ${type.split(';')[0]}` : ''}]`;
}
