import { vi } from 'vitest';

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown } | undefined;

/**
 * Test double of the server for the lookup tabs: routes `METHOD /path` (below /lab/api) to
 * handlers; records every call. Anything unrouted answers 404 so a missing route fails loudly.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/lab\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const answer = routes[`${method} ${path}`]?.(body, url) ?? {
      status: 404,
      body: { message: `no route ${method} ${path}` },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const COUNTRIES = [
  { alpha_2: 'CN', alpha_3: 'CHN', name: "People's Republic of China", name_cn: '中国' },
  { alpha_2: 'DE', alpha_3: 'DEU', name: 'Germany', name_cn: '德国' },
  { alpha_2: 'US', alpha_3: 'USA', name: 'United States of America', name_cn: '美国' },
];
