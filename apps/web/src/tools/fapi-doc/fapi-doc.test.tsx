import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpenApiDocSummary, OpenApiOperationView } from '@lab/core/contract';
import { buildSchemaTree } from '@lab/core/schema-tree';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import FapiDocPage from './FapiDocPage';

// The page renders antd and a lazy list; on a busy CI machine the default 1 s is too short.
configure({ asyncUtilTimeout: 8000 });

const summary = (name: string, title: string): OpenApiDocSummary => {
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

const doc = {
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

const view = (document: string, method: 'POST' | 'PUT', path: string): OpenApiOperationView => ({
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

let documents: OpenApiDocSummary[];
beforeEach(() => {
  documents = [summary('ship--Shipment-Resource', 'Ship API'), summary('other--Thing-Resource', 'Other API')];
  fakeServer({
    'GET /config': () => ({ body: clientConfig() }),
    'GET /openapi-docs': () => ({ body: { documents } }),
    'GET /openapi-docs/:id/operations': (_body, _url, { id: name }) => {
      const d = documents.find((x) => x.name === name)!;
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
});
afterEach(() => vi.unstubAllGlobals());

describe('FAPI Doc', () => {
  it('says how to import when the store is empty, with the controls shown but disabled', async () => {
    documents = [];
    renderWithProviders(<FapiDocPage />, { route: '/api/fapidoc' });
    expect(await screen.findByText('No OpenAPI documents are imported yet.')).toBeInTheDocument();
    expect(screen.getByText('lab import carrier-openapi <dir>')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'show full description' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Table' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '5' })).toBeDisabled();
  });

  it('opens a deep link at its operation, view, level and selected field, and hands a named sample to the playground', async () => {
    const op = encodeURIComponent('POST /ship/v1/shipments');
    const field = 'requestedShipment.shipper.address.postalCode';
    const { router } = renderWithProviders(<FapiDocPage />, {
      route: `/api/fapidoc?api=ship--Shipment-Resource&op=${op}&view=table&level=4&field=${field}`,
    });
    const table = await screen.findByRole('table', { name: 'Request' });
    const row = await within(table).findByText(field);
    expect(row.closest('[role="row"]')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'show full description' })).toBeEnabled();

    fireEvent.click(await screen.findByText('View JSON'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('sample-json').textContent).toBe(
      JSON.stringify({ requestedShipment: { shipper: {} } }, null, 2),
    );
    fireEvent.click(screen.getByText('Send to playground'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/api/fapi'));
    expect(router.state.location.search).toBe('?handoff=1');
    expect(JSON.parse(sessionStorage.getItem('lab.fapi.handoff')!)).toEqual({
      endpointId: 'ship-create',
      body: { requestedShipment: { shipper: {} } },
      source: 'FAPI Doc: MinimumSamplePayload-Ship',
    });
  });

  it('disables sending a sample when no playground endpoint sends the operation', async () => {
    const op = encodeURIComponent('PUT /other/v1/thing');
    renderWithProviders(<FapiDocPage />, { route: `/api/fapidoc?api=other--Thing-Resource&op=${op}` });
    // By text: role queries walk antd's whole tree and are slow in jsdom.
    const send = (await screen.findByText('Send to playground')).closest('button');
    expect(send).toBeDisabled();
  });

  it('turns a loadDocReference link into a drawer listing the fields that refer to it', async () => {
    const op = encodeURIComponent('POST /ship/v1/shipments');
    const { router } = renderWithProviders(<FapiDocPage />, {
      route: `/api/fapidoc?api=ship--Shipment-Resource&op=${op}&level=4&full=1`,
    });
    fireEvent.click(await screen.findByText('see Country Codes'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Reference: countrycodes')).toBeInTheDocument();
    expect(within(drawer).getByText('US')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByText('requestedShipment.shipper.address.countryCode'));
    await waitFor(() =>
      expect(router.state.location.search).toContain('field=requestedShipment.shipper.address.countryCode'),
    );
  });
});
