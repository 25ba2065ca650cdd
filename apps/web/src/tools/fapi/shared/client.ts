import { CARRIER_GATEWAY_BASE, UPSTREAM_AUTHORIZATION_HEADER, type CarrierEnvironment } from '@lab/core/carrier';
import type { CarrierCallResult, CarrierLocale } from './types';

/**
 * The browser side of the carrier gateway (docs/modules/gateway.md): every playground call goes
 * same-origin to `/lab/api/carrier/{env}/…`, which forwards to the configured upstream (the
 * built-in simulator by default). Unlike `apiFetch`, a 4xx/5xx is a result, not an exception:
 * the playground shows the carrier's errors as they came.
 */

/** The gateway URL of a catalogue path (`/ship/v1/shipments`, `/documents/v1/etds/upload`). */
export function gatewayUrl(env: CarrierEnvironment, path: string): string {
  return `${CARRIER_GATEWAY_BASE}/${env}${path.startsWith('/') ? path : `/${path}`}`;
}

/** `upstream;dur=12.3` → 12.3 (ms), else undefined. */
export function serverTimingMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const m = /(?:^|,)\s*upstream\s*;(?:[^,]*;)?\s*dur=([\d.]+)/i.exec(header);
  return m ? Number(m[1]) : undefined;
}

async function toResult(res: Response, started: number): Promise<CarrierCallResult> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return {
    ok: res.ok,
    status: res.status,
    statusText: res.statusText,
    headers,
    body,
    text,
    timeMs: serverTimingMs(res.headers.get('server-timing')) ?? Math.round(performance.now() - started),
    sizeBytes: new TextEncoder().encode(text).length,
  };
}

function unreachable(e: unknown, started: number): CarrierCallResult {
  const message = e instanceof Error ? e.message : String(e);
  return {
    ok: false,
    status: 0,
    statusText: 'network error',
    headers: {},
    body: { message: `the server could not be reached: ${message}` },
    text: '',
    timeMs: Math.round(performance.now() - started),
    sizeBytes: 0,
  };
}

export interface CarrierCall {
  env: CarrierEnvironment;
  method: 'POST' | 'PUT';
  /** Catalogue path, e.g. `/ship/v1/shipments`. */
  path: string;
  accessToken: string;
  body: unknown;
  locale?: CarrierLocale;
  /** `x-customer-transaction-id`. */
  transactionId?: string;
  signal?: AbortSignal;
}

/** A JSON call through the gateway. Never throws: network failures come back with status 0. */
export async function callCarrier(call: CarrierCall): Promise<CarrierCallResult> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    // Not `Authorization`: under AUTH=basic that is the site's own login (the gateway never forwards it).
    [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${call.accessToken}`,
  };
  if (call.locale) headers['x-locale'] = call.locale;
  if (call.transactionId) headers['x-customer-transaction-id'] = call.transactionId;
  try {
    const res = await fetch(gatewayUrl(call.env, call.path), {
      method: call.method,
      headers,
      body: JSON.stringify(call.body ?? {}),
      signal: call.signal,
    });
    return await toResult(res, started);
  } catch (e) {
    if (call.signal?.aborted) throw e;
    return unreachable(e, started);
  }
}

/**
 * A multipart upload through the gateway's documents route (`path` = the catalogue path,
 * `/documents/v1/etds/upload` or `/documents/v1/lhsimages/upload`). The browser sets the boundary.
 */
export async function uploadCarrierDocument(call: {
  env: CarrierEnvironment;
  path: string;
  accessToken: string;
  form: FormData;
  locale?: CarrierLocale;
  transactionId?: string;
  signal?: AbortSignal;
}): Promise<CarrierCallResult> {
  const started = performance.now();
  const headers: Record<string, string> = {
    accept: 'application/json',
    [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${call.accessToken}`,
  };
  if (call.locale) headers['x-locale'] = call.locale;
  if (call.transactionId) headers['x-customer-transaction-id'] = call.transactionId;
  try {
    const res = await fetch(gatewayUrl(call.env, call.path), {
      method: 'POST',
      headers,
      body: call.form,
      signal: call.signal,
    });
    return await toResult(res, started);
  } catch (e) {
    if (call.signal?.aborted) throw e;
    return unreachable(e, started);
  }
}

export interface CarrierToken {
  accessToken: string;
  /** Seconds, as the carrier answered (3600). */
  expiresIn: number;
  /** Epoch ms when the token stops being valid. */
  expiresAt: number;
}

/** OAuth client_credentials through the gateway; the failed result when the carrier refuses. */
export async function fetchCarrierToken(
  env: CarrierEnvironment,
  clientId: string,
  clientSecret: string,
  now: () => number = Date.now,
): Promise<{ token: CarrierToken } | { error: CarrierCallResult }> {
  const started = performance.now();
  let result: CarrierCallResult;
  try {
    const res = await fetch(`${CARRIER_GATEWAY_BASE}/${env}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    result = await toResult(res, started);
  } catch (e) {
    result = unreachable(e, started);
  }
  const b = result.body as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (!result.ok || !b || typeof b.access_token !== 'string') return { error: result };
  const expiresIn = typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 3600;
  return { token: { accessToken: b.access_token, expiresIn, expiresAt: now() + expiresIn * 1000 } };
}

/**
 * The first error message of a carrier answer (`errors[0].message`), else the gateway's
 * `message`, else the status line: what `failed to apply:` and the forms' Error notices show.
 */
export function firstCarrierError(result: CarrierCallResult): string {
  const b = result.body as { errors?: { message?: unknown; code?: unknown }[]; message?: unknown } | undefined;
  if (b && typeof b === 'object') {
    const first = Array.isArray(b.errors) ? b.errors[0] : undefined;
    if (first && typeof first.message === 'string' && first.message) return first.message;
    if (first && typeof first.code === 'string' && first.code) return first.code;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  if (typeof result.body === 'string' && result.body.trim() && result.body.length < 300) return result.body.trim();
  return `${result.status} ${result.statusText}`.trim();
}
