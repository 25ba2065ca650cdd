import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isValidSecurityToken } from '@lab/core/webhooks';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { secureStorage } from '@/lib/secureStorage';
import { CHANNELS_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@/lib/webhook-inspector';
import { renderWithProviders } from '@/test/render';
import SimulatorPage from './SimulatorPage';
import { fakeTwin, subscription } from '@/test/simulatorTwin';

// A budget for rendering, not for time to pass: a wait here covers the subscriptions table and its
// dialogs rendering in jsdom (measured up to ~0.7 s at load ~2; the default is 1 s).
configure({ asyncUtilTimeout: 8000 });
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'Ab3dEfGh1jKlMn0pQrStUvWx9';
const INSPECTOR = `${window.location.origin}/lab/hooks/fdx/webhooktest`;

const renderSubscriptions = (env = '') =>
  renderWithProviders(<SimulatorPage />, { route: `/api/simulator?tab=subscriptions${env}` });
const table = () => screen.getByTestId('subscriptions-table');
const rowOf = (url: string) => within(table()).getByText(url).closest('tr')!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const subscribeInspector = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe this site’s webhook inspector' }));

describe('webhook subscriptions', () => {
  it('lists the environment’s subscriptions with their switches, counts and last error', async () => {
    fakeTwin({
      subscriptions: [
        subscription('s1', { delivered: 12, pending: 2, failed: 1, lastError: '503 Service Unavailable' }),
        subscription('s2', { url: 'https://hooks.example.test/settings', source: 'settings', deliverTwice: true }),
        subscription('s3', { url: 'https://hooks.example.test/prod', environment: 'production' }),
      ],
    });
    renderSubscriptions();
    await within(await screen.findByTestId('subscriptions-table')).findByText('https://hooks.example.test/s1');
    expect(cellsOf(rowOf('https://hooks.example.test/s1'))).toEqual([
      'https://hooks.example.test/s1',
      'API',
      '',
      '',
      '12',
      '2',
      '1',
      '503 Service Unavailable',
      'deliveriesdelete',
    ]);
    const settings = rowOf('https://hooks.example.test/settings');
    expect(cellsOf(settings)[1]).toBe('settings');
    expect(within(settings).getByRole('switch', { name: /^deliver twice for/ })).toBeChecked();
    // The default subscription from the settings cannot be deleted here.
    expect(within(settings).getByRole('button', { name: 'delete' })).toBeDisabled();
    expect(within(table()).queryByText('https://hooks.example.test/prod')).toBeNull();
  });

  it('subscribes a URL with a token and the switches, and shows a refusal exactly as the server words it', async () => {
    const { calls, state } = fakeTwin();
    renderSubscriptions();
    await screen.findByText('No subscriptions in Sandbox');
    fireEvent.change(screen.getByLabelText('subscription URL'), { target: { value: 'https://hooks.example.test/in' } });
    fireEvent.change(screen.getByLabelText('subscription security token'), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('switch', { name: 'deliver twice' }));
    fireEvent.click(screen.getByRole('switch', { name: 'out of order' }));
    fireEvent.click(screen.getByRole('button', { name: 'subscribe' }));
    expect(await screen.findByText('Subscribed https://hooks.example.test/in')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/simulator/subscriptions',
        search: '',
        body: {
          url: 'https://hooks.example.test/in',
          token: TOKEN,
          deliverTwice: true,
          outOfOrder: true,
          environment: 'sandbox',
        },
      },
    ]);
    await within(table()).findByText('https://hooks.example.test/in');
    expect(screen.getByLabelText('subscription URL')).toHaveValue('');

    state.refuse['POST /simulator/subscriptions'] = {
      status: 400,
      message: 'body.url: the url must be an http(s) URL',
    };
    fireEvent.change(screen.getByLabelText('subscription URL'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'subscribe' }));
    expect(await screen.findByTestId('subscribe-problem')).toHaveTextContent(
      'body.url: the url must be an http(s) URL',
    );
    // The refused form keeps what was typed.
    expect(screen.getByLabelText('subscription URL')).toHaveValue('ftp://x');
  });

  it('generates a token for a new subscription', async () => {
    fakeTwin();
    renderSubscriptions();
    fireEvent.click(await screen.findByRole('button', { name: 'generate' }));
    expect(isValidSecurityToken((screen.getByLabelText('subscription security token') as HTMLInputElement).value)).toBe(
      true,
    );
  });

  it('switches deliver twice and out of order on a subscription, deletes one after asking, and opens its deliveries', async () => {
    const { calls, state } = fakeTwin({
      subscriptions: [subscription('s1')],
      deliveries: {
        s1: [
          {
            id: 'd2',
            eventId: '41',
            trackingNumber: '794600000001',
            eventType: 'PU',
            occurredAt: '2026-11-24T17:10:00.000Z',
            state: 'failed',
            attempts: 3,
            lastStatus: 500,
            lastError: '500 Internal Server Error',
            nextAttemptAt: '2026-11-24T09:32:00.000Z',
            deliveredAt: null,
          },
          {
            id: 'd1',
            eventId: '40',
            trackingNumber: '794600000001',
            eventType: 'OC',
            occurredAt: '2026-11-24T08:00:00.000Z',
            state: 'delivered',
            attempts: 1,
            lastStatus: 200,
            lastError: null,
            nextAttemptAt: null,
            deliveredAt: '2026-11-24T09:30:01.000Z',
          },
        ],
      },
    });
    renderSubscriptions();
    await within(await screen.findByTestId('subscriptions-table')).findByText('https://hooks.example.test/s1');
    const row = rowOf('https://hooks.example.test/s1');
    fireEvent.click(within(row).getByRole('switch', { name: 'deliver twice for https://hooks.example.test/s1' }));
    expect(await screen.findByText('Subscription to https://hooks.example.test/s1 updated')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('switch', { name: 'out of order for https://hooks.example.test/s1' }));
    await waitFor(() => expect(state.subscriptions[0]).toMatchObject({ deliverTwice: true, outOfOrder: true }));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/simulator/subscriptions/s1', search: '', body: { deliverTwice: true } },
      { method: 'PATCH', path: '/simulator/subscriptions/s1', search: '', body: { outOfOrder: true } },
    ]);

    fireEvent.click(within(row).getByRole('button', { name: 'deliveries' }));
    const drawer = (await screen.findByText('Deliveries to https://hooks.example.test/s1')).closest<HTMLElement>(
      '.ant-drawer',
    )!;
    await within(drawer).findByText('PU');
    expect(
      within(drawer)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cellsOf(r)),
    ).toEqual([
      [
        'PU',
        '794600000001',
        '2026-11-24 17:10:00 UTC',
        'failed',
        '3',
        '500',
        '500 Internal Server Error',
        '2026-11-24 09:32:00 UTC',
        '',
      ],
      ['OC', '794600000001', '2026-11-24 08:00:00 UTC', 'delivered', '1', '200', '', '', '2026-11-24 09:30:01 UTC'],
    ]);
    expect(calls.some((c) => c.path === '/simulator/subscriptions/s1/deliveries' && c.search === '?limit=100')).toBe(
      true,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(row).getByRole('button', { name: 'delete' }));
    const confirm = (
      await screen.findByText('Delete the subscription to https://hooks.example.test/s1?')
    ).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subscription to https://hooks.example.test/s1 deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/simulator/subscriptions/s1']);
    expect(await screen.findByText('No subscriptions in Sandbox')).toBeInTheDocument();
  });

  it('refreshes the delivery counts live', async () => {
    const { state, stream } = fakeTwin({ subscriptions: [subscription('s1')] });
    renderSubscriptions();
    await within(await screen.findByTestId('subscriptions-table')).findByText('https://hooks.example.test/s1');
    state.subscriptions[0] = { ...state.subscriptions[0]!, delivered: 7, pending: 1 };
    act(() => stream().emit(SIMULATOR_TOPICS.deliveries, { subscriptionId: 's1' }));
    await waitFor(() => expect(cellsOf(rowOf('https://hooks.example.test/s1')).slice(4, 7)).toEqual(['7', '1', '0']));
  });

  it('subscribes this site’s webhook inspector with a token generated and saved for the inspector', async () => {
    const { calls } = fakeTwin();
    renderSubscriptions();
    expect(await screen.findByTestId('inspector-url')).toHaveTextContent(INSPECTOR);
    expect(screen.queryByText('subscribed', { exact: true })).toBeNull();
    subscribeInspector();
    expect(
      await screen.findByText(`Subscribed ${INSPECTOR}: its signed events show on the webhook page`),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The webhook page had no security token: one was generated and saved there'),
    ).toBeInTheDocument();
    const saved = await secureStorage.get<string>(TOKEN_STORAGE_KEY);
    expect(isValidSecurityToken(saved ?? '')).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/simulator/subscriptions',
        search: '',
        body: { url: INSPECTOR, token: saved, environment: 'sandbox' },
      },
    ]);
    await within(table()).findByText(INSPECTOR);
    expect(screen.getByText('subscribed', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open the webhook page' })).toHaveAttribute(
      'href',
      '/api/fdxwebhook?channel=webhooktest',
    );
  });

  it('uses the inspector’s own token and replaces an earlier subscription of the same URL', async () => {
    await secureStorage.set(TOKEN_STORAGE_KEY, TOKEN);
    const { calls } = fakeTwin({
      subscriptions: [
        subscription('old', { url: INSPECTOR }),
        subscription('prod', { url: INSPECTOR, environment: 'production' }),
      ],
    });
    renderSubscriptions();
    await within(await screen.findByTestId('subscriptions-table')).findByText(INSPECTOR);
    subscribeInspector();
    expect(
      await screen.findByText(
        `Subscribed ${INSPECTOR} again with the webhook page’s token (the earlier subscription is deleted)`,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'DELETE', path: '/simulator/subscriptions/old', search: '', body: undefined },
      {
        method: 'POST',
        path: '/simulator/subscriptions',
        search: '',
        body: { url: INSPECTOR, token: TOKEN, environment: 'sandbox' },
      },
    ]);
    expect(screen.queryByText('The webhook page had no security token: one was generated and saved there')).toBeNull();
    expect(await secureStorage.get(TOKEN_STORAGE_KEY)).toBe(TOKEN);
  });

  it('subscribes another channel at the public base URL in production, and remembers the channel for the inspector', async () => {
    await secureStorage.set(TOKEN_STORAGE_KEY, TOKEN);
    const { calls } = fakeTwin({ publicBaseUrl: 'https://lab.example.test/' });
    renderSubscriptions('&env=production');
    const channel = await screen.findByRole('combobox', { name: 'inspector channel' });
    fireEvent.change(channel, { target: { value: 'Bad Channel' } });
    subscribeInspector();
    expect(await screen.findByText('A channel is 1 to 40 lower-case letters, digits or dashes')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(channel, { target: { value: 'sim-e2e' } });
    await waitFor(() =>
      expect(screen.getByTestId('inspector-url')).toHaveTextContent('https://lab.example.test/lab/hooks/fdx/sim-e2e'),
    );
    subscribeInspector();
    expect(
      await screen.findByText(
        'Subscribed https://lab.example.test/lab/hooks/fdx/sim-e2e: its signed events show on the webhook page',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://lab.example.test/lab/hooks/fdx/sim-e2e',
      token: TOKEN,
      environment: 'production',
    });
    expect(JSON.parse(localStorage.getItem(CHANNELS_STORAGE_KEY) ?? '[]')).toEqual(['sim-e2e']);
    expect(screen.getByRole('link', { name: 'open the webhook page' })).toHaveAttribute(
      'href',
      '/api/fdxwebhook?channel=sim-e2e',
    );
  });

  it('shows why the inspector could not be subscribed, as the server says it', async () => {
    const { state } = fakeTwin();
    state.refuse['POST /simulator/subscriptions'] = { status: 409, message: 'that URL is subscribed 20 times already' };
    renderSubscriptions();
    await screen.findByText('No subscriptions in Sandbox');
    subscribeInspector();
    await waitFor(() => expect(screen.getAllByText('that URL is subscribed 20 times already')).toHaveLength(2));
  });
});
