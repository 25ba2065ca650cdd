import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { renderWithProviders } from '@/test/render';
import SimulatorPage from './SimulatorPage';
import { fakeTwin, trafficEntry } from '@/test/simulatorTwin';

// A budget for rendering, not for time to pass: a wait here covers the Simulator page's antd tables
// re-rendering in jsdom (measured up to ~0.4 s at load ~2, more under load; the default is 1 s).
configure({ asyncUtilTimeout: 8000 });
afterEach(() => vi.unstubAllGlobals());

const renderTraffic = (lang: 'en' | 'zh' = 'en') =>
  renderWithProviders(<SimulatorPage />, { route: '/api/simulator?tab=traffic', lang });
const table = () => screen.getByTestId('traffic-table');
const rows = () => within(table()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const nonConforming = trafficEntry('t2', {
  startedAt: '2026-11-24T09:31:02.500Z',
  source: 'gateway',
  environment: 'production',
  endpointId: 'track-tracking-numbers',
  url: '/track/v1/trackingnumbers',
  status: 503,
  durationMs: 1204.4,
  fault: 'status=503',
  request: {
    headers: { 'content-type': 'application/json' },
    body: '{"trackingInfo":[{"trackingNumberInfo":{"trackingNumber":"794600000001"}}],"includeDetailedScans":"yes"}',
    size: 98,
    truncated: false,
  },
  response: {
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
    body: '{"errors":[{"code":"SERVICE.UNAVAILABLE.ERROR"}]}',
    size: 49,
    truncated: true,
  },
  conformance: {
    request: {
      ok: false,
      issues: [{ path: '/includeDetailedScans', message: 'must be boolean' }],
    },
    response: {
      ok: false,
      issues: [
        { path: '/transactionId', message: "must have required property 'transactionId'" },
        { path: '/errors/0/message', message: "must have required property 'message'" },
      ],
    },
  },
});

describe('traffic log', () => {
  it('lists calls newest first with method, URL, status, duration, fault and both verdicts', async () => {
    fakeTwin({
      traffic: [
        nonConforming,
        trafficEntry('t1'),
        trafficEntry('t0', {
          endpointId: null,
          url: '/lab/sim/carrier/nowhere',
          status: 404,
          durationMs: 0.42,
          conformance: { request: null, response: null },
        }),
      ],
    });
    renderTraffic();
    await within(await screen.findByTestId('traffic-table')).findByText('/track/v1/trackingnumbers');
    expect(rows().map(cellsOf)).toEqual([
      [
        '2026-11-24 09:31:02.500 UTC',
        'gateway',
        'POST',
        '/track/v1/trackingnumbers',
        '503',
        '1,204 ms',
        'status=503',
        'request: 1 issuereply: 2 issues',
      ],
      [
        '2026-11-24 09:30:01.250 UTC',
        'carrier-sim',
        'POST',
        '/lab/sim/carrier/ship/v1/shipments',
        '200',
        '12.3 ms',
        '',
        'request: conformsreply: conforms',
      ],
      [
        '2026-11-24 09:30:01.250 UTC',
        'carrier-sim',
        'POST',
        '/lab/sim/carrier/nowhere',
        '404',
        '0.4 ms',
        '',
        'request: no documentreply: no document',
      ],
    ]);
    expect(screen.getByTestId('traffic-kept')).toHaveTextContent('3 entries kept (at most 2000 entries, 16 MB)');
  });

  it('opens an entry: its request and reply, and each non-conformance at its JSON path', async () => {
    fakeTwin({ traffic: [nonConforming] });
    renderTraffic();
    fireEvent.click(await within(await screen.findByTestId('traffic-table')).findByText('/track/v1/trackingnumbers'));
    const request = await screen.findByTestId('request-conformance');
    const issuesOf = (el: HTMLElement) =>
      within(el)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(issuesOf(request)).toEqual(['/includeDetailedScansmust be boolean']);
    expect(issuesOf(screen.getByTestId('reply-conformance'))).toEqual([
      "/transactionIdmust have required property 'transactionId'",
      "/errors/0/messagemust have required property 'message'",
    ]);
    expect(within(request).getByText('/includeDetailedScans').tagName).toBe('CODE');

    const sent = screen.getByTestId('traffic-request');
    expect(sent).toHaveTextContent('request 98 bytes');
    expect(within(sent).getByText('content-type: application/json')).toBeInTheDocument();
    expect(within(sent).getByText(/"includeDetailedScans": "yes"/)).toBeInTheDocument();
    const reply = screen.getByTestId('traffic-reply');
    expect(reply).toHaveTextContent('reply 49 bytes · cut at the log’s limit');
    expect(within(reply).getByText(/retry-after: 1/)).toBeInTheDocument();
    expect(screen.getByText('POST /track/v1/trackingnumbers')).toBeInTheDocument();
  });

  it('says when a call conforms and when no operation of the document covers it', async () => {
    fakeTwin({
      traffic: [trafficEntry('t1', { conformance: { request: { ok: true, issues: [] }, response: null } })],
    });
    renderTraffic();
    fireEvent.click(
      await within(await screen.findByTestId('traffic-table')).findByText('/lab/sim/carrier/ship/v1/shipments'),
    );
    expect(await screen.findByTestId('request-conformance')).toHaveTextContent('request: Conforms to the document');
    expect(screen.getByTestId('reply-conformance')).toHaveTextContent(
      'reply: No operation of the document covers this call',
    );
  });

  it('adds calls live, clears the log after asking, and links the HAR export', async () => {
    const { state, stream, calls } = fakeTwin({ traffic: [trafficEntry('t1')] });
    renderTraffic();
    await within(await screen.findByTestId('traffic-table')).findByText('/lab/sim/carrier/ship/v1/shipments');
    expect(screen.getByRole('link', { name: /Export HAR/ })).toHaveAttribute('href', '/lab/api/simulator/traffic.har');

    state.traffic.unshift(nonConforming);
    act(() => stream().emit(SIMULATOR_TOPICS.traffic, { id: 't2', method: 'POST', status: 503 }));
    await within(table()).findByText('/track/v1/trackingnumbers');
    expect(cellsOf(rows()[0]!)[3]).toBe('/track/v1/trackingnumbers');
    expect(calls.filter((c) => c.path === '/simulator/traffic' && c.method === 'GET').map((c) => c.search)).toEqual([
      '?limit=100',
      '?limit=100',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const confirm = (await screen.findByText('Clear the traffic log?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Cleared 2 entries')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/simulator/traffic']);
    expect(
      await screen.findByText('No traffic yet: calls to the simulators and through the gateway show here live.'),
    ).toBeInTheDocument();
  });

  it('shows a failed read of the log as the server says it', async () => {
    fakeTwin({ refuse: { 'GET /simulator/traffic': { status: 503, message: 'the traffic log is not running' } } });
    renderTraffic();
    expect(await screen.findByText('the traffic log is not running')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    fakeTwin({ traffic: [nonConforming] });
    renderTraffic('zh');
    await within(await screen.findByTestId('traffic-table')).findByText('/track/v1/trackingnumbers');
    expect(cellsOf(rows()[0]!)[7]).toBe('请求：1 个问题响应：2 个问题');
    expect(screen.getByTestId('traffic-kept')).toHaveTextContent('保留 1 条（最多 2000 条，16 MB）');
    expect(screen.getByRole('link', { name: /导出 HAR/ })).toBeInTheDocument();
  });

  it('words each conformance issue in Chinese by the rule it breaks', async () => {
    const withRules = trafficEntry('t3', {
      conformance: {
        request: {
          ok: false,
          issues: [
            {
              path: 'includeDetailedScans',
              message: 'includeDetailedScans must be boolean.',
              rule: { keyword: 'type', params: { type: 'boolean' } },
            },
          ],
        },
        response: {
          ok: false,
          issues: [
            {
              path: 'transactionId',
              message: 'transactionId is required',
              rule: { keyword: 'required', params: { missingProperty: 'transactionId' } },
            },
          ],
        },
      },
    });
    fakeTwin({ traffic: [withRules] });
    renderTraffic('zh');
    fireEvent.click(
      await within(await screen.findByTestId('traffic-table')).findByText('/lab/sim/carrier/ship/v1/shipments'),
    );
    const issuesOf = (id: string) =>
      within(screen.getByTestId(id))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await screen.findByTestId('request-conformance');
    expect(issuesOf('request-conformance')).toEqual(['includeDetailedScansincludeDetailedScans 应为 boolean 类型']);
    expect(issuesOf('reply-conformance')).toEqual(['transactionId缺少必填字段 transactionId']);
  });
});
