/** FAPI Doc's test data: document summaries, a small Ship document, its operation view, the fake reads. */
import type { OpenApiDocSummary, OpenApiOperationView } from '@lab/core/contract';
import { buildSchemaTree } from '@lab/core/schema-tree';
import type { FakeRoutes } from '@/test/fakeServer';

export const summary = (name: string, title: string): OpenApiDocSummary => {
  const [api, resource] = name.split('--') as [string, string];
  return {
    id: 1,
    name,
    api,
    resource,
    title,
    version: '1.0',
    sha256: 'x',
    sourceFile: `${name}.json`,
    importedAt: '2026-11-23T00:00:00Z',
    operations: 1,
  };
};

export const doc = {
  components: {
    schemas: {
      Ship: {
        type: 'object',
        properties: {
          requestedShipment: {
            type: 'object',
            properties: {
              shipper: {
                type: 'object',
                properties: {
                  address: {
                    type: 'object',
                    properties: {
                      postalCode: { type: 'string', maxLength: 10 },
                      countryCode: {
                        type: 'string',
                        enum: ['US', 'CN'],
                        description: `Country. <a onclick='loadDocReference("countrycodes")'>see Country Codes</a>`,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const view = (document: string, method: 'POST' | 'PUT', path: string): OpenApiOperationView => ({
  document,
  method,
  path,
  operationId: 'Create Shipment',
  summary: 'Create Shipment',
  description: null,
  request: {
    contentType: 'application/json',
    schemaName: 'Ship',
    tree: buildSchemaTree({ $ref: '#/components/schemas/Ship' }, doc),
  },
  responses: [
    { status: '200', description: 'OK', contentType: 'application/json', tree: { type: 'object', fields: [] } },
  ],
  samples: [{ name: 'MinimumSamplePayload-Ship', request: { requestedShipment: { shipper: {} } } }],
});

/** The list, operations and view reads over `documents()` (read at each call). */
export const docRoutes = (documents: () => OpenApiDocSummary[]): FakeRoutes => ({
  'GET /openapi-docs': () => ({ body: { documents: documents() } }),
  'GET /openapi-docs/:id/operations': (_body, _url, { id: name }) => {
    const d = documents().find((x) => x.name === name)!;
    const [method, path] =
      name === 'ship--Shipment-Resource'
        ? (['POST', '/ship/v1/shipments'] as const)
        : (['PUT', '/other/v1/thing'] as const);
    return {
      body: {
        name,
        api: d.api,
        resource: d.resource,
        title: d.title,
        version: '1.0',
        operations: [{ method, path, operationId: null, summary: 'Create Shipment', samples: 1 }],
      },
    };
  },
  'GET /openapi-docs/:id/view': (_body, url, { id }) => ({
    body: view(id, url.searchParams.get('method') as 'POST', url.searchParams.get('path')!),
  }),
});
