/** The JSON API lives under /lab/api on the same origin as the app. */
export const API_BASE = '/lab/api';

export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/** An HTTP error answered by our server, with its human message (`message` or `msg`). */
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

/** fetch + JSON: sends `json` as the body, returns the parsed reply, throws ApiError on 4xx/5xx. */
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

export interface UtilReply<T> {
  status: number;
  statusText: string;
  data: T;
}

export type UtilError<T = unknown> = UtilReply<T> & { isError: true };

export function isUtilError(e: unknown): e is UtilError {
  return !!e && typeof e === 'object' && (e as { isError?: unknown }).isError === true;
}

/**
 * The utility endpoints' convention (what existing callers expect): resolves
 * `{status, statusText, data: <body>}`, and on an HTTP error throws that same shape with
 * `isError: true`.
 */
export async function postUtil<T>(path: string, body: unknown): Promise<UtilReply<T>> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    const failure: UtilError = {
      status: 0,
      statusText: 'network error',
      data: { tag: 'error', msg: (err as Error).message },
      isError: true,
    };
    throw failure;
  }
  const data = (await readBody(res)) as T;
  if (!res.ok) {
    const failure: UtilError<T> = { status: res.status, statusText: res.statusText, data, isError: true };
    throw failure;
  }
  return { status: res.status, statusText: res.statusText, data };
}
