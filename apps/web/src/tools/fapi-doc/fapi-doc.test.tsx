import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpenApiDocSummary } from '@lab/core/contract';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import FapiDocPage from './FapiDocPage';
import { docRoutes, summary } from './testDocs';

// The page renders antd and a lazy list; on a busy CI machine the default 1 s is too short.
configure({ asyncUtilTimeout: 8000 });

let documents: OpenApiDocSummary[];
beforeEach(() => {
  documents = [summary('ship--Shipment-Resource', 'Ship API'), summary('other--Thing-Resource', 'Other API')];
  fakeServer({
    'GET /config': () => ({ body: clientConfig() }),
    ...docRoutes(() => documents),
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
