import type { RouteName, RouteReply, RouteRequest } from '@lab/core/contract';
import { routes } from '@lab/core/routes';

/** The JSON API lives under /lab/api on the same origin as the app. */
export const API_BASE = '/lab/api';

export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Every failed server call: `status` (0 when the server could not be reached), the human message
 * (the body's `message`, else its `msg`, else the status line) and the body as answered.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The message a person should read for a failed response. */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; msg?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.msg === 'string' && b.msg) return b.msg;
  }
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<'))
    return body.trim();
  return `${status} ${statusText || 'request failed'}`.trim();
}

export type ApiInit = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit | null };

/**
 * The one fetcher of the JSON API: sends `json` as the body, returns the parsed reply, throws
 * ApiError on 4xx/5xx and on network failures. Screens call it through useQuery or useServerAction.
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  if (json !== undefined) h.set('content-type', 'application/json');
  if (!h.has('accept')) h.set('accept', 'application/json');
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (err) {
    throw new ApiError(0, `network error: ${(err as Error).message}`, undefined);
  }
  const body = await readBody(res);
  if (!res.ok) throw new ApiError(res.status, errorMessage(res.status, res.statusText, body), body);
  return body as T;
}

/**
 * A route's URL below /lab/api: each `:name` of the path replaced by its parameter (URI-encoded),
 * then the query parameters that are not undefined, in the order given.
 */
export function routeUrl(
  path: string,
  params: Readonly<Record<string, unknown>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string {
  const filled = path.replace(/:([^/]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

/** What apiCall passes on to fetch besides the route's own method, URL and body (a signal, headers). */
export type ApiCallInit = Omit<ApiInit, 'json' | 'body' | 'method'>;

/** The request may be left out when the route needs nothing (no path parameter, no required body or query). */
type CallArgs<N extends RouteName> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing in the request is required"
  {} extends RouteRequest<N>
    ? [request?: RouteRequest<N>, init?: ApiCallInit]
    : [request: RouteRequest<N>, init?: ApiCallInit];

/**
 * Calls the JSON API route `name` of the contract's route table (@lab/core/routes gives its method
 * and path): `params` fill the path, `query` the query string, `body` is sent as JSON, and the reply
 * is typed by the contract. Fails like apiFetch (ApiError).
 */
export function apiCall<N extends RouteName>(name: N, ...[request, init]: CallArgs<N>): Promise<RouteReply<N>> {
  const { method, path } = routes[name];
  const { params, query, body } = (request ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return apiFetch<RouteReply<N>>(routeUrl(path, params, query), {
    ...init,
    method,
    ...(body !== undefined ? { json: body } : {}),
  });
}
