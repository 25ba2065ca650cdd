// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeServer } from '@/test/fakeServer';
import { SHIP_DOCUMENT, shipDocumentQuery } from './shipDocument';

const summary = {
  id: 1,
  name: SHIP_DOCUMENT,
  api: 'ship',
  resource: 'Shipment-Resource',
  title: 'Ship API',
  version: '1.0',
  sha256: 'x',
  sourceFile: 'ship.json',
  importedAt: '2026-11-28T00:00:00Z',
  operations: 5,
};

describe('the ship document', () => {
  it('is null on a fresh database without a failed request (no 404 in the console)', async () => {
    const { calls } = fakeServer({ 'GET /openapi-docs': () => ({ body: { documents: [] } }) });
    expect(await new QueryClient().fetchQuery(shipDocumentQuery)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /openapi-docs']);
  });

  it('is read once the list names it', async () => {
    const { calls } = fakeServer({
      'GET /openapi-docs': () => ({ body: { documents: [summary] } }),
      'GET /openapi-docs/:id': () => ({ body: { openapi: '3.0.0' } }),
    });
    expect(await new QueryClient().fetchQuery(shipDocumentQuery)).toEqual({ openapi: '3.0.0' });
    expect(calls.map((c) => c.path)).toEqual(['/openapi-docs', `/openapi-docs/${SHIP_DOCUMENT}`]);
  });
});
