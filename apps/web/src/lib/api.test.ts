import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, postUtil } from './api';

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

  it('reports network failures readably', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/x')).rejects.toThrow('network error: Failed to fetch');
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

describe('postUtil', () => {
  it('resolves {status, statusText, data}', async () => {
    vi.stubGlobal('fetch', async () => reply(200, { tag: 'success', data: [1] }, 'OK'));
    await expect(postUtil('/utils/v1/ean', { ean: '1' })).resolves.toEqual({
      status: 200,
      statusText: 'OK',
      data: { tag: 'success', data: [1] },
    });
  });

  it('throws the same shape with isError on an HTTP error', async () => {
    vi.stubGlobal('fetch', async () => reply(400, { tag: 'error', msg: 'enter account number' }, 'Bad Request'));
    await expect(postUtil('/utils/v1/ean', {})).rejects.toEqual({
      status: 400,
      statusText: 'Bad Request',
      data: { tag: 'error', msg: 'enter account number' },
      isError: true,
    });
  });
});
