import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };

/**
 * Test double of the utility endpoints for the calculator tabs: `path → (body) → answer`, paths
 * below /lab/api. Records the calls; anything unrouted answers 404.
 */
export function stubUtilFetch(routes: Record<string, (body: unknown) => Answer>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/lab\/api/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ path, body });
      const answer = routes[path]?.(body) ?? { status: 404, body: { message: `no route ${path}` } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        statusText: answer.status && answer.status >= 400 ? 'Bad Request' : 'OK',
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
