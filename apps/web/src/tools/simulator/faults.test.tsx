import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SimFault } from '@lab/core/contract';
import { CARRIER_ENDPOINTS } from '@lab/core/carrier';
import { renderWithProviders } from '@/test/render';
import { FAULT_TARGETS, faultBody, draftOf, NO_FAULT } from './faults';
import SimulatorPage from './SimulatorPage';
import { fakeTwin } from '@/test/simulatorTwin';

// A budget for rendering, not for time to pass: a wait here covers the switchboard's antd table of
// every endpoint re-rendering in jsdom (measured up to ~0.9 s at load ~2; the default is 1 s).
configure({ asyncUtilTimeout: 8000 });
afterEach(() => vi.unstubAllGlobals());

const renderFaults = (lang: 'en' | 'zh' = 'en') =>
  renderWithProviders(<SimulatorPage />, { route: '/api/simulator?tab=faults', lang });
const rowOf = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr')!;
const toolbar = () => screen.getByTestId('faults-toolbar');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const fault = (endpointId: string, changes: Partial<SimFault> = {}): SimFault => ({
  endpointId,
  latencyMs: 0,
  jitterMs: 0,
  status: null,
  rate: 0,
  tokenExpired: false,
  hang: false,
  updatedAt: '2026-11-24T09:31:00.000Z',
  ...changes,
});

/** The open dialog with this title. */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role=dialog]')!;

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('fault switchboard', () => {
  it('offers every enabled catalogue endpoint, then the OAuth token endpoint', () => {
    const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled).map((e) => e.id);
    expect(FAULT_TARGETS.map((t) => t.id)).toEqual([...enabled, 'oauth-token']);
    expect(FAULT_TARGETS.at(-1)).toEqual({ id: 'oauth-token', method: 'POST', path: '/oauth/token' });
  });

  it('sends every kind of fault, the status with its rate only when one is chosen', () => {
    expect(faultBody(NO_FAULT)).toEqual({ latencyMs: 0, jitterMs: 0, tokenExpired: false, hang: false });
    expect(faultBody({ ...NO_FAULT, latencyMs: 800, jitterMs: 200, status: 503, ratePercent: 37.5 })).toEqual({
      latencyMs: 800,
      jitterMs: 200,
      status: 503,
      rate: 0.375,
      tokenExpired: false,
      hang: false,
    });
    const fault = {
      endpointId: 'ship-create',
      latencyMs: 5,
      jitterMs: 0,
      status: 429 as const,
      rate: 0.25,
      tokenExpired: true,
      hang: false,
      updatedAt: '2026-11-24T09:31:00.000Z',
    };
    expect(draftOf(fault)).toEqual({
      latencyMs: 5,
      jitterMs: 0,
      status: 429,
      ratePercent: 25,
      tokenExpired: true,
      hang: false,
    });
  });

  it('lists every endpoint by name with its method and path, and what its fault does', async () => {
    fakeTwin({
      faults: [
        fault('track-tracking-numbers', { latencyMs: 800, jitterMs: 200, status: 503, rate: 0.5 }),
        fault('oauth-token', { tokenExpired: true, hang: true }),
      ],
    });
    renderFaults();
    const table = await screen.findByTestId('faults-table');
    expect(within(table).getAllByRole('row')).toHaveLength(FAULT_TARGETS.length + 1);
    const track = rowOf('Track by Tracking Number');
    await waitFor(() =>
      expect(cellsOf(track)).toEqual([
        'Track by Tracking NumberPOST /track/v1/trackingnumbers',
        'latency 800 ms ± 200 ms503 for 50% of calls',
        'editclear',
      ]),
    );
    expect(cellsOf(rowOf('OAuth token'))).toEqual(['OAuth tokenPOST /oauth/token', 'token expiredhang', 'editclear']);
    expect(cellsOf(rowOf('Create Shipment'))[1]).toBe('none');
    expect(within(rowOf('Create Shipment')).getByRole('button', { name: 'clear fault on ship-create' })).toBeDisabled();

    fireEvent.click(within(toolbar()).getByRole('switch', { name: 'only active faults' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });

  it('sets latency, jitter and a 503 at a rate on one endpoint, then clears it', async () => {
    const { calls, state } = fakeTwin();
    renderFaults();
    await screen.findByTestId('faults-table');
    const row = rowOf('Create Shipment');
    fireEvent.click(within(row).getByRole('button', { name: 'edit fault on ship-create' }));
    const dialog = await dialogTitled('Fault on Create Shipment');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'latency' }), { target: { value: '800' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'jitter' }), { target: { value: '200' } });
    expect(within(dialog).getByRole('spinbutton', { name: 'rate' })).toBeDisabled();
    await choose(dialog, 'error status', '503');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'rate' }), { target: { value: '37.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'set' }));
    expect(await screen.findByText('Fault set on Create Shipment')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/simulator/faults/ship-create',
        search: '',
        body: { latencyMs: 800, jitterMs: 200, status: 503, rate: 0.375, tokenExpired: false, hang: false },
      },
    ]);
    await waitFor(() => expect(cellsOf(row)[1]).toBe('latency 800 ms ± 200 ms503 for 37.5% of calls'));
    expect(state.faults.map((f) => f.endpointId)).toEqual(['ship-create']);

    // Editing again starts from the fault as set.
    fireEvent.click(within(row).getByRole('button', { name: 'edit fault on ship-create' }));
    const again = await dialogTitled('Fault on Create Shipment');
    await waitFor(() => expect(within(again).getByRole('spinbutton', { name: 'latency' })).toHaveValue('800'));
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(row).getByRole('button', { name: 'clear fault on ship-create' }));
    expect(await screen.findByText('Fault cleared on Create Shipment')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/simulator/faults/ship-create']);
    await waitFor(() => expect(cellsOf(row)[1]).toBe('none'));
  });

  it('expires the token and hangs the token endpoint, and shows a refusal as the server words it', async () => {
    const { calls, state } = fakeTwin();
    renderFaults();
    await screen.findByTestId('faults-table');
    fireEvent.click(within(rowOf('OAuth token')).getByRole('button', { name: 'edit fault on oauth-token' }));
    const dialog = await dialogTitled('Fault on OAuth token');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'token expired' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'hang' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'set' }));
    expect(await screen.findByText('Fault set on OAuth token')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/simulator/faults/oauth-token',
      body: { latencyMs: 0, jitterMs: 0, tokenExpired: true, hang: true },
    });

    state.refuse['PUT /simulator/faults/:endpointId'] = {
      status: 400,
      message: 'body.latencyMs: Too big: expected number to be <=120000',
    };
    fireEvent.click(within(rowOf('Cancel Shipment')).getByRole('button', { name: 'edit fault on ship-cancel' }));
    const cancel = await dialogTitled('Fault on Cancel Shipment');
    fireEvent.change(within(cancel).getByRole('spinbutton', { name: 'latency' }), { target: { value: '5' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'set' }));
    // In the dialog, which stays open, and in the error notice.
    await waitFor(() =>
      expect(screen.getAllByText('body.latencyMs: Too big: expected number to be <=120000')).toHaveLength(2),
    );
    expect(within(cancel).getByText('body.latencyMs: Too big: expected number to be <=120000')).toBeInTheDocument();
  });

  it('clears every fault at once after asking', async () => {
    const { calls } = fakeTwin({
      faults: [fault('locations', { latencyMs: 100 }), fault('ship-create', { hang: true })],
    });
    renderFaults();
    const clearAll = await within(await screen.findByTestId('faults-toolbar')).findByRole('button', {
      name: 'clear all faults',
    });
    await waitFor(() => expect(clearAll).toBeEnabled());
    fireEvent.click(clearAll);
    const confirm = (await screen.findByText('Clear the faults of 2 endpoints?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'clear' }));
    expect(await screen.findByText('Faults cleared on 2 endpoints')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/simulator/faults/locations',
      '/simulator/faults/ship-create',
    ]);
    await waitFor(() => expect(clearAll).toBeDisabled());
  });

  it('names the endpoints in Chinese', async () => {
    fakeTwin();
    renderFaults('zh');
    await screen.findByTestId('faults-table');
    expect(cellsOf(rowOf('创建运单'))).toEqual(['创建运单POST /ship/v1/shipments', '无', '编 辑清 除']);
    expect(rowOf('OAuth 令牌')).toBeInTheDocument();
    fireEvent.click(within(rowOf('创建运单')).getByRole('button', { name: 'edit fault on ship-create' }));
    const dialog = await dialogTitled('创建运单的故障');
    expect(within(dialog).getByText('延迟（毫秒）')).toBeInTheDocument();
  });
});
