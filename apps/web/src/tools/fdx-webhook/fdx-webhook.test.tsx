import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gzipSync } from 'fflate';
import { isValidSecurityToken, webhookSignature } from '@lab/core/webhooks';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { stubEventSource, type FakeEventSource } from '@/test/fakeEventSource';
import { secureStorage } from '@/lib/secureStorage';
import { NOTIFY_SECONDS } from '@/lib/notify';
import { advanceClock, installFakeClock } from '@/test/fakeClock';
import FdxWebhookPage from './FdxWebhookPage';
import type { WebhookDetail } from '@lab/core/contract';
import { destinationUrl, TOKEN_STORAGE_KEY } from '@/lib/webhook-inspector';
import { formatShanghaiTime } from './webhookApi';

const TOKEN = 'Ab3dEfGh1jKlMn0pQrStUvWx9';

// Signature checks and the editor take a while on a busy machine; the default 1 s flakes.
configure({ asyncUtilTimeout: 8000 });

// CodeMirror (inside vanilla-jsoneditor) measures text ranges; jsdom has no layout.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

function detail(id: number, body: string, signature: string | null, extra: Partial<WebhookDetail> = {}): WebhookDetail {
  return {
    id,
    channel: 'webhooktest',
    receivedAt: '2026-11-22T01:02:03.000Z',
    path: '/lab/hooks/fdx/webhooktest',
    signature,
    transactionId: `tx-${id}`,
    timestamp: null,
    isJson: true,
    size: body.length,
    method: 'POST',
    query: '',
    sourceIp: '127.0.0.1',
    contentType: 'application/json',
    headers: signature ? { 'x-fedex-signature': signature } : {},
    body,
    bodyBase64: btoa(body),
    ...extra,
  };
}

let stored: WebhookDetail[];
let schemas: Record<string, Record<string, unknown>>;
let publicBaseUrl: string | null;
let fetchMock: ReturnType<typeof fakeServer>['fetchMock'];
let streams: FakeEventSource[];

function server() {
  return fakeServer({
    'GET /config': () => ({ body: clientConfig({ publicBaseUrl }) }),
    'GET /webhooks/schemas': () => ({ body: schemas }),
    'GET /webhooks/:channel': (_body, url, { channel }) => {
      if (url.search !== '?page=1&size=30') return { status: 500, body: { message: `unexpected ${url.search}` } };
      const items = stored
        .filter((d) => d.channel === channel)
        .map(({ body: _b, bodyBase64: _b64, headers: _h, ...s }) => s);
      return { body: { items: [...items].reverse(), total: items.length, page: 1, size: 30 } };
    },
    'GET /webhooks/:channel/:id': (_body, _url, { id }) => {
      const d = stored.find((s) => s.id === Number(id));
      return d ? { body: d } : { status: 404, body: { message: 'No webhook' } };
    },
  });
}

beforeEach(async () => {
  publicBaseUrl = null;
  schemas = {
    ShipmentVisibilityWebhook: {
      description: 'The envelope',
      type: 'object',
      properties: {
        outputMetaData: {
          type: 'array',
          items: {
            type: 'object',
            properties: { transactionId: { type: 'string', description: 'The webhook transaction id' } },
          },
        },
      },
    },
    Account: {
      type: 'object',
      required: ['accountNumber'],
      properties: { accountNumber: { type: 'string', description: 'Nine digits' } },
    },
  };
  const good = '{"outputMetaData":[{"transactionId":"tx-1"}]}';
  const bad = '{"outputMetaData":[{"transactionId":"tx-2"}]}';
  stored = [detail(1, good, await webhookSignature(good, TOKEN)), detail(2, bad, 'deadbeef')];
  ({ fetchMock } = server());
  streams = stubEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = () => renderWithProviders(<FdxWebhookPage />, { route: '/api/fdxwebhook' });

describe('Shipment Visibility Webhook screen', () => {
  it('shows the destination URL from the page origin, or the configured public base URL', async () => {
    renderPage();
    expect(await screen.findByTestId('destination-url')).toHaveTextContent(
      `${window.location.origin}/lab/hooks/fdx/webhooktest`,
    );
    expect(destinationUrl('https://lab.example.test/', 'http://x', 'c-1')).toBe(
      'https://lab.example.test/lab/hooks/fdx/c-1',
    );
  });

  it('lists the latest payloads newest first with Shanghai time, then checks signatures green and red', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('tx-2');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]!.textContent)).toEqual(['tx-2', 'tx-1']);
    expect(within(rows[0]!).getByText(formatShanghaiTime('2026-11-22T01:02:03.000Z'))).toBeInTheDocument();
    expect(formatShanghaiTime('2026-11-22T01:02:03.000Z')).toBe('2026-11-22 09:02:03');
    expect(within(table).getAllByLabelText('signature unknown')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('security token'), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'check signature' }));
    await within(table).findByLabelText('signature match');
    const [row2, row1] = within(table).getAllByRole('row').slice(1);
    expect(within(row1!).getByLabelText('signature match')).toBeInTheDocument();
    expect(within(row2!).getByLabelText('signature mismatch')).toBeInTheDocument();

    fireEvent.mouseOver(within(row2!).getByLabelText('signature mismatch'));
    expect(await screen.findByText('received: deadbeef')).toBeInTheDocument();
    expect(screen.getByText(/^expected: [0-9a-f]{64}$/)).toBeInTheDocument();
  });

  it('keeps the token in secure storage and never sends it to the server', async () => {
    renderPage();
    await screen.findByText('tx-1');
    fireEvent.click(screen.getByRole('button', { name: 'generate' }));
    const generated = (screen.getByLabelText('security token') as HTMLInputElement).value;
    expect(isValidSecurityToken(generated)).toBe(true);
    await waitFor(async () => expect(await secureStorage.get(TOKEN_STORAGE_KEY)).toBe(generated));
    fireEvent.click(screen.getByRole('button', { name: 'check signature' }));
    await screen.findAllByLabelText('signature mismatch');
    for (const [url, init] of fetchMock.mock.calls) {
      expect(String(url)).not.toContain(generated);
      expect(JSON.stringify(init ?? {})).not.toContain(generated);
    }
    expect(localStorage.getItem(`secure:${TOKEN_STORAGE_KEY}`)).not.toContain(generated);
  });

  it('restores the saved token on load', async () => {
    await secureStorage.set(TOKEN_STORAGE_KEY, TOKEN);
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('security token')).toHaveValue(TOKEN));
  });

  it('adds new payloads live at the top with a Result refreshed notice', async () => {
    renderPage();
    await screen.findByText('tx-2');
    const source = streams.at(-1)!;
    expect(source.url).toBe('/lab/api/realtime?topics=webhooks%2Fwebhooktest');
    const body = '{"outputMetaData":[{"transactionId":"tx-3"}]}';
    stored.push(detail(3, body, null));
    act(() => source.emit('webhooks/webhooktest', { type: 'received', id: 3 }));
    expect(await screen.findByText('Result refreshed')).toBeInTheDocument();
    const table = screen.getByRole('table');
    await within(table).findByText('tx-3');
    expect(within(within(table).getAllByRole('row')[1]!).getByText('tx-3')).toBeInTheDocument();
  });

  it('shows non-JSON bodies as plain text with a neutral not JSON tag, as data, never as HTML', async () => {
    const html = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">';
    stored = [detail(7, html, null, { isJson: false, transactionId: null, contentType: 'text/plain' })];
    renderPage();
    fireEvent.click(await screen.findByText('/lab/hooks/fdx/webhooktest'));
    const text = await screen.findByTestId('payload-text');
    await waitFor(() => expect(text.textContent).toBe(html));
    expect(text.querySelector('script')).toBeNull();
    expect(text.querySelector('img[onerror], img[src="x"]')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(screen.getByTestId('not-json-tag')).toHaveTextContent('not JSON');
    expect(screen.queryByTestId('payload-viewer')).not.toBeInTheDocument();
    expect(screen.queryByText(/is not valid JSON/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show me/ })).not.toBeInTheDocument();
  });

  it('opens JSON bodies in the JSON editor', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('tx-1'));
    const viewer = await screen.findByTestId('payload-viewer');
    await waitFor(() => expect(viewer.textContent).toContain('transactionId'));
    expect(screen.queryByTestId('payload-text')).not.toBeInTheDocument();
  });

  it('selects nothing on load; follow mode selects the newest and follows new arrivals', async () => {
    renderPage();
    await screen.findByText('tx-2');
    expect(screen.getByText('Select a webhook to read its payload')).toBeInTheDocument();
    expect(screen.queryByTestId('payload-viewer')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => /\/webhooks\/webhooktest\/\d+$/.test(String(u)))).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: 'follow newest' }));
    await waitFor(() => expect(screen.getByText(/^#2 ·/)).toBeInTheDocument());
    const body = '{"outputMetaData":[{"transactionId":"tx-3"}]}';
    stored.push(detail(3, body, null));
    const source = streams.at(-1)!;
    act(() => source.emit('webhooks/webhooktest', { type: 'received', id: 3 }));
    await waitFor(() => expect(screen.getByText(/^#3 ·/)).toBeInTheDocument());
  });

  it('opens the schema dialog with Account first and doc, table and raw tabs', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'view schema' }));
    const dialog = await screen.findByRole('dialog');
    const names = await within(dialog).findAllByRole('menuitem');
    expect(names.map((n) => n.textContent)).toEqual(['Account', 'ShipmentVisibilityWebhook']);
    expect(within(dialog).getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(within(dialog).getByText('Nine digits')).toBeInTheDocument();
    fireEvent.click(names[1]!);
    expect(await within(dialog).findByText('The envelope')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'table' }));
    expect(await within(dialog).findByText('outputMetaData[].transactionId')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'raw' }));
    expect((await within(dialog).findByTestId('schema-raw')).textContent).toContain(
      '"description": "The webhook transaction id"',
    );
  });

  it('shows one Result refreshed notice for a burst of 32 deliveries, and none while following live', async () => {
    // A fake clock from the first render: the notice's NOTIFY_SECONDS.default pass in no wall-clock time.
    installFakeClock();
    renderPage();
    await advanceClock(0);
    expect(screen.getByText('tx-2')).toBeInTheDocument();
    const source = streams.at(-1)!;
    const burst = (from: number) =>
      act(() => {
        for (let id = from; id < from + 32; id++) {
          stored.push(detail(id, `{"outputMetaData":[{"transactionId":"tx-${id}"}]}`, null));
          source.emit('webhooks/webhooktest', { type: 'received', id });
        }
      });
    burst(10);
    await advanceClock(0);
    expect(within(screen.getByRole('table')).getByText('tx-41')).toBeInTheDocument();
    expect(screen.getAllByText('Result refreshed')).toHaveLength(1);

    fireEvent.click(screen.getByRole('switch', { name: 'follow newest' }));
    await advanceClock(NOTIFY_SECONDS.default * 1000);
    expect(screen.queryByText('Result refreshed')).not.toBeInTheDocument();
    burst(50);
    await advanceClock(0);
    expect(screen.getByText(/^#81 ·/)).toBeInTheDocument();
    expect(screen.queryByText('Result refreshed')).not.toBeInTheDocument();
  });

  it('numbers the table rows with the ids the detail line shows', async () => {
    stored = [detail(41, '{}', null), detail(42, '{}', null)];
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('tx-42');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['42', '41']);
    fireEvent.click(within(rows[1]!).getByText('tx-41'));
    expect(await screen.findByText(/^#41 ·/)).toBeInTheDocument();
  });

  it('asks before generate replaces a token, and the token survives a reload', async () => {
    const first = renderPage();
    await screen.findByText('tx-1');
    const field = () => screen.getByLabelText('security token') as HTMLInputElement;
    // No token yet: generate fills one at once.
    fireEvent.click(screen.getByRole('button', { name: 'generate' }));
    const generated = field().value;
    expect(isValidSecurityToken(generated)).toBe(true);
    // A token is there: generate asks first; Cancel keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'generate' }));
    expect(
      await screen.findByText('Replace the security token? The current one is lost unless you saved it.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field().value).toBe(generated);
    fireEvent.click(screen.getByRole('button', { name: 'generate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(field().value).not.toBe(generated));
    const replaced = field().value;
    expect(isValidSecurityToken(replaced)).toBe(true);
    await waitFor(async () => expect(await secureStorage.get(TOKEN_STORAGE_KEY)).toBe(replaced));

    // A reload: the page comes back with the replaced token.
    first.unmount();
    renderPage();
    await waitFor(() => expect(field().value).toBe(replaced));
  });

  it('checks a gzip delivery over the bytes received and over the decoded body, says which matched, shows the encoding', async () => {
    const body = '{"outputMetaData":[{"transactionId":"tx-gz"}]}';
    const gz = gzipSync(new TextEncoder().encode(body));
    const gzBase64 = btoa(String.fromCharCode(...gz));
    const gzip = (id: number, signature: string) =>
      detail(id, body, signature, {
        transactionId: `tx-gz-${id}`,
        size: gz.length,
        contentEncoding: 'gzip',
        receivedBase64: gzBase64,
      });
    stored = [gzip(5, await webhookSignature(gz, TOKEN)), gzip(6, await webhookSignature(body, TOKEN))];
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('tx-gz-6');
    fireEvent.change(screen.getByLabelText('security token'), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'check signature' }));
    expect(await screen.findByText('All 2 signatures match')).toBeInTheDocument();
    const [row6, row5] = within(table).getAllByRole('row').slice(1);
    fireEvent.mouseOver(within(row5!).getByLabelText('signature match'));
    expect(await screen.findByText('matches the bytes received (gzip)')).toBeInTheDocument();
    fireEvent.mouseOver(within(row6!).getByLabelText('signature match'));
    expect(await screen.findByText('matches the body after undoing gzip')).toBeInTheDocument();

    fireEvent.click(within(row5!).getByText('tx-gz-5'));
    expect(
      await screen.findByText(
        `#5 · ${gz.length} bytes received · application/json · gzip · signature matches the bytes received (gzip)`,
      ),
    ).toBeInTheDocument();
  });

  it('speaks Chinese about which bytes matched and about replacing the token', async () => {
    const body = '{"outputMetaData":[{"transactionId":"tx-gz"}]}';
    const gz = gzipSync(new TextEncoder().encode(body));
    stored = [
      detail(8, body, await webhookSignature(body, TOKEN), {
        contentEncoding: 'gzip',
        receivedBase64: btoa(String.fromCharCode(...gz)),
      }),
    ];
    await secureStorage.set(TOKEN_STORAGE_KEY, TOKEN);
    renderWithProviders(<FdxWebhookPage />, { route: '/api/fdxwebhook', lang: 'zh' });
    await waitFor(() => expect(screen.getByLabelText('security token')).toHaveValue(TOKEN));
    const table = screen.getByRole('table');
    await within(table).findByText('tx-8');
    fireEvent.click(screen.getByRole('button', { name: '校验签名' }));
    fireEvent.mouseOver(await within(table).findByLabelText('signature match'));
    expect(await screen.findByText('与解开 gzip 后的正文匹配')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^生 ?成$/ }));
    expect(await screen.findByText('替换安全令牌？当前令牌如未另存将会丢失。')).toBeInTheDocument();
  });
});
