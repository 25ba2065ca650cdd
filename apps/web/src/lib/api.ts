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
