import type {
  StratusGreetReply,
  StratusOrderCreated,
  StratusOrderReply,
  StratusOrderRequest,
  StratusTokenReply,
} from '@lab/core/contract';
import { UPSTREAM_AUTHORIZATION_HEADER } from '@lab/core/carrier';

/**
 * The browser side of Stratus: same-origin calls to our gateway (`/lab/api/stratus/…`, always
 * proxied because of CORS), which forwards them to `STRATUS_URL` or the built-in simulator.
 */
export const STRATUS_BASE = '/lab/api/stratus';
/** The product's promise: a Stratus call that has not answered in 5 s has failed. */
export const STRATUS_TIMEOUT_MS = 5_000;
/** The token lifetime Stratus documents (seconds), used when a reply does not say. */
export const STRATUS_TOKEN_SECONDS = 3300;

/** A failed Stratus call: status (0 when nothing answered), status text and the body as text. */
export class StratusCallError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
  ) {
    super(`${status} ${statusText}${body ? `: ${body}` : ''}`);
    this.name = 'StratusCallError';
  }
}

async function call<T>(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STRATUS_TIMEOUT_MS);
  const outer = init.signal;
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  let res: Response;
  try {
    res = await fetch(`${STRATUS_BASE}${path}`, {
      ...init,
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...init.headers },
      signal: controller.signal,
    });
    const text = await res.text();
    if (!res.ok) throw new StratusCallError(res.status, res.statusText, text);
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (err) {
    if (err instanceof StratusCallError) throw err;
    if (outer?.aborted) throw err;
    if (controller.signal.aborted) {
      throw new StratusCallError(0, 'timeout', `no answer in ${STRATUS_TIMEOUT_MS / 1000} s`);
    }
    throw new StratusCallError(0, 'network error', (err as Error).message);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

function basic(key: string, secret: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(`${key}:${secret}`)) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

export interface StratusToken {
  accessToken: string;
  expiresSeconds: number;
}

/** Client credentials → bearer token (verifies the key pair). */
export async function fetchStratusToken(clientKey: string, clientSecret: string): Promise<StratusToken> {
  const reply = await call<StratusTokenReply>('/auth/oauth/v2/token?grant_type=client_credentials&scope=oob', {
    method: 'POST',
    headers: { [UPSTREAM_AUTHORIZATION_HEADER]: basic(clientKey, clientSecret) },
  });
  return { accessToken: reply.access_token, expiresSeconds: reply.expires_in || STRATUS_TOKEN_SECONDS };
}

export interface StratusAuth {
  accessToken: string;
  apiKey: string;
}

const authHeaders = (auth: StratusAuth): Record<string, string> => ({
  [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${auth.accessToken}`,
  'x-api-key': auth.apiKey,
});

/** GET greet (verifies the api key): the reply's Id and Purpose. */
export function greetStratus(auth: StratusAuth): Promise<StratusGreetReply> {
  return call<StratusGreetReply>('/stratus/v1/greet', { method: 'GET', headers: authHeaders(auth) });
}

export function postStratusOrder(
  auth: StratusAuth,
  body: StratusOrderRequest,
  signal?: AbortSignal,
): Promise<StratusOrderCreated> {
  return call<StratusOrderCreated>('/stratus/v1/order', {
    method: 'POST',
    headers: { ...authHeaders(auth), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

export function getStratusOrder(auth: StratusAuth, id: string, signal?: AbortSignal): Promise<StratusOrderReply> {
  return call<StratusOrderReply>(`/stratus/v1/order/${encodeURIComponent(id)}`, {
    method: 'GET',
    headers: authHeaders(auth),
    signal,
  });
}
