// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage } from './api';

function reply(status: number, body: unknown, statusText = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  return new Response(text, { status, statusText, headers: { 'content-type': type } });
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends JSON to /lab/api and returns the parsed reply', async () => {
    const fetchMock = vi.fn(async () => reply(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/things', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/lab/api/things');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it("turns 4xx/5xx bodies into an ApiError with the server's message", async () => {
    vi.stubGlobal('fetch', async () => reply(400, { message: 'body.ids: Required' }, 'Bad Request'));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe('body.ids: Required');
  });

  it('reports network failures readably, as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, message: 'network error: Failed to fetch' });
  });

  it("takes the message from a tagged error body's msg", async () => {
    vi.stubGlobal('fetch', async () => reply(400, { tag: 'error', msg: 'enter account number' }, 'Bad Request'));
    const err = await apiFetch('/utils/v1/ean', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, message: 'enter account number', body: { tag: 'error' } });
  });
});

describe('errorMessage', () => {
  it('prefers message, then msg, then short text, then the status', () => {
    expect(errorMessage(400, 'Bad Request', { message: 'm' })).toBe('m');
    expect(errorMessage(400, 'Bad Request', { tag: 'error', msg: 'n' })).toBe('n');
    expect(errorMessage(502, 'Bad Gateway', 'upstream down')).toBe('upstream down');
    expect(errorMessage(502, 'Bad Gateway', '<html>proxy page</html>')).toBe('502 Bad Gateway');
    expect(errorMessage(500, '', undefined)).toBe('500 request failed');
  });
});
