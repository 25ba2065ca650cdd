import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeRoutes } from '@/test/fakeServer';
import { ApiError, apiCall, routeUrl } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('routeUrl', () => {
  it('fills the path parameters (encoded) and appends the query that is set, in order', () => {
    expect(routeUrl('/transactions/:version/:type/ids', { version: 'GSMW14', type: 'a b/c' })).toBe(
      '/transactions/GSMW14/a%20b%2Fc/ids',
    );
    expect(routeUrl('/webhooks/:channel', { channel: 'x' }, { page: 1, size: undefined, q: '' })).toBe(
      '/webhooks/x?page=1&q=',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => routeUrl('/webhooks/:channel', {})).toThrow(
      '/webhooks/:channel: no value for the path parameter channel',
    );
  });
});

describe('apiCall', () => {
  it("sends the route's method, path, query and JSON body, and answers its reply", async () => {
    const { calls } = fakeServer({
      'GET /webhooks/:channel': (_body, url, { channel }) => ({
        body: { items: [], total: 0, page: Number(url.searchParams.get('page')), size: channel.length },
      }),
      'POST /transactions/:version/:type/ids': (body, _url, params) => ({
        body: body.ids.map((id) => ({
          version: params.version,
          type: params.type,
          id: Number(id),
          description: '',
          valueType: null,
          length: null,
          occurrences: null,
          details: null,
          allValues: null,
        })),
      }),
    });
    expect(await apiCall('webhooks.list', { params: { channel: 'abc' }, query: { page: 2 } })).toEqual({
      items: [],
      total: 0,
      page: 2,
      size: 3,
    });
    const defs = await apiCall('transactions.byIds', { params: { version: 'V1', type: 'x y' }, body: { ids: [7] } });
    expect(defs.map((d) => [d.version, d.type, d.id])).toEqual([['V1', 'x y', 7]]);
    expect(calls).toEqual([
      { method: 'GET', path: '/webhooks/abc', search: '?page=2', body: undefined },
      { method: 'POST', path: '/transactions/V1/x%20y/ids', search: '', body: { ids: [7] } },
    ]);
  });

  it('fails like apiFetch: an ApiError with the body’s message', async () => {
    fakeServer({ 'DELETE /webhooks/:channel': () => ({ status: 400, body: { message: 'bad channel' } }) });
    const err = await apiCall('webhooks.deleteChannel', { params: { channel: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'bad channel' });
  });
});

/** Type checks only (tsc -p apps/web): a renamed route or a wrong type fails the check. Never called. */
export async function _typeChecks() {
  const config = await apiCall('system.config');
  const version: string = config.version;
  // @ts-expect-error the reply is typed by the contract: version is a string
  const wrong: number = config.version;
  // @ts-expect-error a route name that is not in the table (renamed)
  await apiCall('system.settings');
  // @ts-expect-error a route with path parameters needs them
  await apiCall('webhooks.list');
  // @ts-expect-error a parameter the path does not have
  await apiCall('webhooks.list', { params: { channel: 'a', id: 1 } });
  // @ts-expect-error the body of the route, not another shape
  await apiCall('transactions.byIds', { params: { version: 'V', type: 't' }, body: { id: [1] } });
  // @ts-expect-error a route that takes no body
  await apiCall('system.config', { body: { version: '1' } });
  const renamed: FakeRoutes = {
    // @ts-expect-error the fake answers the routes of the table only (a renamed path)
    'GET /settings': () => ({ body: {} }),
  };
  const wrongReply: FakeRoutes = {
    // @ts-expect-error and with the route's reply type
    'GET /transactions/keywords': () => ({ body: [{ keyword: 1 }] }),
  };
  return [version, wrong, renamed, wrongReply];
}
