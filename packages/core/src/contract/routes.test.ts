import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { matchRoute, pathParamNames, routes } from '../routes/index.js';
import { apiRoutes } from './routes.js';

describe('the route table', () => {
  it('gives every route of @lab/core/routes its schemas, with the same method and path', () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      const withSchemas = apiRoutes[name as keyof typeof apiRoutes];
      expect({ method: withSchemas.method, path: withSchemas.path }, name).toEqual(route);
    }
  });

  it('has one route per method and path', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('validates exactly the path parameters of each path', () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const params = 'params' in route ? route.params : undefined;
      const names = pathParamNames(route.path).sort();
      if (!params) expect(names, name).toEqual([]);
      else expect(Object.keys((params as z.ZodObject).shape).sort(), name).toEqual(names);
    }
  });
});

describe('matchRoute', () => {
  it('finds the route of a request, fixed segments before parameters', () => {
    expect(matchRoute('GET', '/webhooks/schemas')).toEqual({ name: 'webhooks.schemas', params: {} });
    expect(matchRoute('GET', '/webhooks/test')).toEqual({ name: 'webhooks.list', params: { channel: 'test' } });
    expect(matchRoute('DELETE', '/webhooks/test/7')).toEqual({
      name: 'webhooks.delete',
      params: { channel: 'test', id: '7' },
    });
    expect(matchRoute('POST', '/transactions/GSMW14/a%20b/ids')).toEqual({
      name: 'transactions.byIds',
      params: { version: 'GSMW14', type: 'a b' },
    });
    expect(matchRoute('GET', '/openapi-docs/validate')).toEqual({
      name: 'openapi.document',
      params: { id: 'validate' },
    });
    expect(matchRoute('PUT', '/config')).toBeUndefined();
    expect(matchRoute('GET', '/nowhere')).toBeUndefined();
  });
});
