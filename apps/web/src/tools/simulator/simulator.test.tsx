import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { renderWithProviders } from '@/test/render';
import SimulatorPage from './SimulatorPage';
import { fakeTwin, shipment } from '@/test/simulatorTwin';

// The clock's now moves with real time between reads: Date is held still so what the screen shows
// is exactly what the server said (timers run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:30:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = (route = '/api/simulator', lang: 'en' | 'zh' = 'en') =>
  renderWithProviders(<SimulatorPage />, { route, lang });
const clockNow = () => screen.getByTestId('clock-now');
const posts = (calls: ReturnType<typeof fakeTwin>['calls'], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

describe('Simulator screen', () => {
  it('shows the clock of the environment and moves it by +1 h and +1 d', async () => {
    const { calls } = fakeTwin();
    renderPage();
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 09:30:00 UTC'));
    expect(screen.getByTestId('clock-factor')).toHaveTextContent('1× real time');

    fireEvent.click(screen.getByRole('button', { name: '+1 h' }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 10:30:00 UTC'));
    expect(await screen.findByText('Clock moved to 2026-11-24 10:30:00 UTC')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '+1 d' }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-25 10:30:00 UTC'));
    expect(posts(calls, '/simulator/clock')).toEqual([
      { advance: 'PT1H', environment: 'sandbox' },
      { advance: 'P1D', environment: 'sandbox' },
    ]);
  });

  it('puts the clock back to real time (issue 40), in English and Chinese', async () => {
    const { calls, state } = fakeTwin();
    state.clocks.sandbox = '2031-01-01T00:00:00.000Z';
    const { unmount } = renderPage();
    await waitFor(() => expect(clockNow()).toHaveTextContent('2031-01-01 00:00:00 UTC'));
    fireEvent.click(screen.getByRole('button', { name: 'Back to real time' }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 09:30:00 UTC'));
    expect(await screen.findByText('Clock back to real time: 2026-11-24 09:30:00 UTC')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => `${c.path}${c.search}`)).toEqual([
      '/simulator/clock?environment=sandbox',
    ]);
    unmount();
    renderPage('/api/simulator', 'zh');
    expect(await screen.findByRole('button', { name: '回到真实时间' })).toBeInTheDocument();
  });

  it('advances by a free ISO-8601 duration, says exactly what is wrong with one it cannot send, and shows the server’s refusal as given', async () => {
    const { calls, state } = fakeTwin();
    renderPage();
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 09:30:00 UTC'));
    const field = screen.getByLabelText('duration');
    const advance = screen.getByRole('button', { name: 'advance' });

    fireEvent.click(advance);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an ISO-8601 duration, e.g. P2DT6H');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    for (const bad of ['2 days', 'P1Y', '-PT1H', 'P1M']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.click(advance);
      expect(
        await screen.findByText(
          `"${bad}" is not an ISO-8601 duration of weeks, days, hours, minutes and seconds, e.g. P2DT6H, PT90M or P1W (no years or months, nothing negative)`,
        ),
      ).toBeInTheDocument();
    }
    fireEvent.change(field, { target: { value: 'PT0S' } });
    fireEvent.click(advance);
    expect(
      await screen.findByText('The duration must be more than zero: the clock only moves forward'),
    ).toBeInTheDocument();
    expect(posts(calls, '/simulator/clock')).toEqual([]);

    fireEvent.change(field, { target: { value: ' P2DT6H ' } });
    expect(screen.queryByText('The duration must be more than zero: the clock only moves forward')).toBeNull();
    fireEvent.click(advance);
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-26 15:30:00 UTC'));
    expect(posts(calls, '/simulator/clock')).toEqual([{ advance: 'P2DT6H', environment: 'sandbox' }]);

    state.refuse['POST /simulator/clock'] = {
      status: 400,
      message: 'body.advance: a move of more than 100 years is refused',
    };
    fireEvent.change(field, { target: { value: 'P9999W' } });
    fireEvent.click(advance);
    // Under the field, and in the error notice.
    await waitFor(() =>
      expect(screen.getAllByText('body.advance: a move of more than 100 years is refused')).toHaveLength(2),
    );
    expect(clockNow()).toHaveTextContent('2026-11-26 15:30:00 UTC');
  });

  it('switches between the sandbox and production clocks and shipments', async () => {
    const { calls } = fakeTwin({
      shipments: [shipment('794600000001'), shipment('794600000099', { environment: 'production' })],
    });
    renderPage();
    expect(await screen.findByText('794600000001')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Production'));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 11:00:00 UTC'));
    expect(await screen.findByText('794600000099')).toBeInTheDocument();
    expect(screen.queryByText('794600000001')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+1 h' }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-24 12:00:00 UTC'));

    const reads = calls.filter((c) => c.method === 'GET').map((c) => `${c.path}${c.search}`);
    expect(reads).toEqual(
      expect.arrayContaining([
        '/simulator/clock?environment=sandbox',
        '/simulator/shipments?environment=sandbox&limit=50',
        '/simulator/clock?environment=production',
        '/simulator/shipments?environment=production&limit=50',
      ]),
    );
    expect(posts(calls, '/simulator/clock')).toEqual([{ advance: 'PT1H', environment: 'production' }]);
  });

  it('lists shipments with service, route, status and events due, each event marked due or not yet due', async () => {
    fakeTwin({ shipments: [shipment('794600000001')] });
    renderPage();
    const row = (await screen.findByText('794600000001')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '',
      '7946000000012 piecesinternational',
      'INTERNATIONAL_PRIORITY',
      'MEMPHIS, TN, US → PARIS, FR',
      'Normal',
      'In transit (IT)',
      '2 of 4 due',
      '2026-11-27 14:30:00 UTC',
      'to delivery',
    ]);

    fireEvent.click(within(row).getByRole('button', { name: /expand row/i }));
    const events = await screen.findByRole('table', { name: 'events of 794600000001' });
    const lines = within(events)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(lines).toEqual([
      ['2026-11-24 08:00:00 UTC', 'OC', 'Shipment information sent to FedEx', 'MEMPHIS, TN, US', 'due'],
      ['2026-11-24 17:10:00 UTC', 'PU', 'Picked up', 'MEMPHIS, TN, US', 'due'],
      ['2026-11-27 09:15:00 UTC', 'OD', 'On FedEx vehicle for delivery', 'PARIS, FR', 'not yet due'],
      ['2026-11-27 14:30:00 UTC', 'DL', 'Delivered', 'PARIS, FR', 'not yet due'],
    ]);
  });

  it('moves the clock to a shipment’s last event with "to delivery", then has nothing more to deliver', async () => {
    const { calls } = fakeTwin({ shipments: [shipment('794600000001')] });
    renderPage();
    const row = (await screen.findByText('794600000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'to delivery' }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-27 14:30:00 UTC'));
    expect(posts(calls, '/simulator/clock')).toEqual([{ until: '2026-11-27T14:30:00.000Z', environment: 'sandbox' }]);
    // The shipments are read again: every event is due now.
    await waitFor(() => expect(within(row).getByText('4 of 4 due')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'to delivery' })).toBeDisabled();
  });

  it('changes a shipment’s scenario, and shows a refusal as the server words it', async () => {
    const { calls, state } = fakeTwin({ shipments: [shipment('794600000001')] });
    renderPage();
    await screen.findByText('794600000001');
    const choose = async (option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'scenario of 794600000001' }));
      fireEvent.click(await screen.findByTitle(option));
    };
    await choose('Customs hold');
    expect(await screen.findByText('794600000001 follows Customs hold now')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/simulator/shipments/794600000001/scenario',
        search: '',
        body: { scenario: 'CUSTOMS_HOLD' },
      },
    ]);

    state.refuse['PUT /simulator/shipments/:trackingNumber/scenario'] = {
      status: 409,
      message: 'shipment 794600000001 is delivered: its scenario can no longer change',
    };
    await choose('Damaged');
    expect(
      await screen.findByText('shipment 794600000001 is delivered: its scenario can no longer change'),
    ).toBeInTheDocument();
  });

  it('says where shipments come from when there are none, and shows a failed read', async () => {
    const { state } = fakeTwin();
    renderPage();
    expect(
      await screen.findByText(/No shipments in Sandbox yet: create one in the FAPI Playground and it shows here./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open the FAPI Playground' })).toHaveAttribute('href', '/api/fapi');
    state.refuse['GET /simulator/shipments'] = { status: 503, message: 'the carrier twin is not running' };
    fireEvent.click(screen.getByText('Production'));
    expect(await screen.findByText('the carrier twin is not running')).toBeInTheDocument();
  });

  it('follows the clock and the shipments live over the simulator topics', async () => {
    const { state, stream, calls } = fakeTwin({ shipments: [shipment('794600000001')] });
    renderPage();
    await screen.findByText('794600000001');
    await screen.findByText('live');
    expect(stream().url).toBe(
      `/lab/api/realtime?topics=${encodeURIComponent(Object.values(SIMULATOR_TOPICS).sort().join(','))}`,
    );

    state.shipments.unshift(shipment('794600000002', { scenario: 'DAMAGED' }));
    act(() => stream().emit(SIMULATOR_TOPICS.shipments, { environment: 'sandbox', trackingNumber: '794600000002' }));
    const row = (await screen.findByText('794600000002')).closest('tr')!;
    expect(within(row).getByText('Damaged')).toBeInTheDocument();

    // Another tab moved the clock: the screen reads it again, and the events that fell due.
    state.clocks.sandbox = '2026-11-27T10:00:00.000Z';
    state.shipments[1]!.events[2]!.due = true;
    act(() => stream().emit(SIMULATOR_TOPICS.clock, { environment: 'sandbox', now: state.clocks.sandbox }));
    await waitFor(() => expect(clockNow()).toHaveTextContent('2026-11-27 10:00:00 UTC'));
    const first = (await screen.findByText('794600000001')).closest('tr')!;
    await waitFor(() => expect(within(first).getByText('3 of 4 due')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/simulator/clock' && c.method === 'GET')).toHaveLength(2);
  });

  it('reads a burst of events with at most two more reads, the last after the last event', async () => {
    const { state, stream, calls } = fakeTwin({ shipments: [] });
    renderPage();
    await screen.findByText(/No shipments in Sandbox yet/);
    const before = calls.filter((c) => c.path === '/simulator/shipments').length;
    state.shipments.push(shipment('794600000007'));
    act(() => {
      for (let i = 0; i < 20; i++) stream().emit(SIMULATOR_TOPICS.shipments, { environment: 'sandbox' });
    });
    await screen.findByText('794600000007');
    await waitFor(() => expect(calls.filter((c) => c.path === '/simulator/shipments').length - before).toBe(2));
  });

  it('speaks Chinese', async () => {
    fakeTwin({ shipments: [shipment('794600000001')] });
    renderPage('/api/simulator', 'zh');
    expect(await screen.findByRole('heading', { name: '模拟器' })).toBeInTheDocument();
    for (const text of ['模拟时间', '沙箱', '生产', '运单', '故障', '订阅', '流量', '+1 小时', '+1 天'])
      expect(screen.getAllByText(text)[0]).toBeInTheDocument();
    const row = (await screen.findByText('794600000001')).closest('tr')!;
    expect(within(row).getByText('4 个中 2 个已到期')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('duration'), { target: { value: 'P1Y' } });
    fireEvent.click(screen.getByRole('button', { name: '推进时钟' }));
    expect(
      await screen.findByText(
        '“P1Y”不是由周、天、小时、分钟和秒组成的 ISO-8601 时长，例如 P2DT6H、PT90M 或 P1W（不能有年或月，不能为负）',
      ),
    ).toBeInTheDocument();
  });
});
