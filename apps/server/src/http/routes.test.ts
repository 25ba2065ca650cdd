import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@lab/core/contract';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { registerRoute } from './routes.js';
import { API_PREFIX } from './web.js';

/**
 * The JSON API routes the app serves outside the route table, each with why: they stream, take or
 * answer bytes that are not JSON, or forward whatever the upstream says. `METHOD /path` as
 * @fastify/swagger writes it (below /lab/api, `{name}` for a parameter).
 */
const NOT_IN_TABLE: Record<string, string> = {
  'GET /realtime': 'Server-Sent Events stream (EventSource), not a JSON reply',
  'GET /print-relay/{listenId}/receive':
    "Server-Sent Events stream of a remote printer's receiver (its pending jobs, then live ones)",
  'POST /labels/v1/printers/{dpmm}/labels/{size}/{index}': 'raw ZPL or multipart in, PNG/PDF out',
  'POST /labels/v1/printers/{dpmm}/labels/{size}': 'raw ZPL or multipart in, PNG/PDF out',
  'POST /labels/v1/graphics': 'image upload in, ZPL text out',
  'POST /carrier/{env}/oauth/token': "gateway pass-through: the carrier's form body and answer, forwarded",
  'POST /carrier/{env}/{*}': 'gateway pass-through to the carrier catalogue',
  'PUT /carrier/{env}/{*}': 'gateway pass-through to the carrier catalogue',
  'POST /carrier/{env}/documents/{*}': 'gateway pass-through: a streamed multipart upload',
  'GET /carrier/{env}/labels/{file}': "gateway pass-through: a built-in simulator's label bytes (PDF, PNG, ZPL)",
  'POST /stratus/auth/oauth/v2/token': 'gateway pass-through to Stratus',
  'GET /stratus/stratus/v1/greet': 'gateway pass-through to Stratus',
  'POST /stratus/stratus/v1/order': 'gateway pass-through to Stratus',
  'GET /stratus/stratus/v1/order/{id}': 'gateway pass-through to Stratus',
};

const swaggerPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}');

describe('the route table and the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('registers every table route with its method and path', () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      expect(t.app.hasRoute({ method: route.method, url: `${API_PREFIX}${route.path}` }), name).toBe(true);
    }
  });

  it('serves no other JSON API route than the table and the listed exceptions', () => {
    const documented = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(documented.paths)
      .filter(([path]) => path.startsWith(`${API_PREFIX}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'head')
          .map((method) => `${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`),
      );
    const table = Object.values(apiRoutes).map((r) => `${r.method} ${swaggerPath(r.path)}`);
    expect(served.filter((route) => !table.includes(route)).sort()).toEqual(Object.keys(NOT_IN_TABLE).sort());
  });
});

// Type checks (tsconfig.test.json): a handler is typed by its table route.
export const _typeChecks: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, 'webhooks.deleteChannel', {}, async (request) => ({ deleted: request.params.channel.length }));
  // @ts-expect-error a name that is not in the table (a renamed route)
  registerRoute(app, 'webhooks.removeChannel', {}, async () => ({ deleted: 0 }));
  // @ts-expect-error a reply of the wrong type
  registerRoute(app, 'webhooks.deleteChannel', {}, async () => ({ deleted: 'all' }));
  // @ts-expect-error a parameter the route does not have
  registerRoute(app, 'webhooks.deleteChannel', {}, async (request) => ({ deleted: request.params.id.length }));
  // An answer the route file adds besides the table's 200 is typed too.
  registerRoute(app, 'shipping.dimWeight', { schema: { response: { 400: apiRoutes['system.health'].reply } } }, () => ({
    status: 'ok' as const,
    database: 'sqlite' as const,
    version: '1',
  }));
};
