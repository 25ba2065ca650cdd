import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { resetSecureStorageCache, secureStorage } from '@/lib/secureStorage';
import { leavePlaygroundHandoff } from '@/lib/playground/handoff';
import type { SpecificFormProps } from './shared/types';
import { applySlot, blankState, CREDENTIALS_KEY, updateSlot } from './credentials';
import FapiPage, { REMINDER_KEY } from './FapiPage';
import { initialTabs, TABS_KEY, withEndpoint, type TabsState } from './tabs';
import { defaultSample } from '@lab/core/carrier';
import { formatShipDate } from '@lab/core/shipping/payload';

/**
 * The editor stands in as a textarea here (vanilla-jsoneditor is slow in jsdom and cannot be typed
 * into); JsonEditor.test.tsx checks the real one, the e2e spec the page with it in Chromium.
 */
const revealed: string[][] = [];

// Stand-in payload generator (components/ship-payload is built beside this page).
vi.mock('@/components/ship-payload/ShipPayloadGenerator', () => ({
  default: ({ onUse }: { onUse?: (p: unknown) => void }) => (
    <button type="button" onClick={() => onUse?.({ requestedShipment: { generated: true } })}>
      use generated
    </button>
  ),
}));

// Stand-in specific forms (fapi/forms is built beside this page): they show what they are given.
vi.mock('./forms', async () => {
  const { lazy } = await import('react');
  const Shows = (p: SpecificFormProps) => (
    <div data-testid="specific-form">
      {p.credential?.accessToken ?? 'none'}|{p.locale}|{p.initialImage?.fileName ?? 'no image'}
    </div>
  );
  const form = lazy(async () => ({ default: Shows }));
  return { SPECIFIC_FORMS: { accountVerification: form, imageUpload: form } };
});
vi.mock('./JsonEditor', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  const Fake = forwardRef<
    { reveal(path: string[]): void; flush(): void },
    { text: string; onChange?: (t: string) => void; testId?: string; readOnly?: boolean }
  >(function Fake({ text, onChange, testId, readOnly }, ref) {
    useImperativeHandle(ref, () => ({ reveal: (path: string[]) => revealed.push(path), flush: () => undefined }), []);
    return (
      <textarea
        data-testid={testId}
        aria-label={testId}
        value={text}
        readOnly={readOnly}
        onChange={(e) => onChange?.(e.target.value)}
      />
    );
  });
  return { default: Fake, JsonEditor: Fake };
});

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let sent: Sent[];
/** What GET /lab/api/config says of the carrier upstreams, and what the twin's clock answers (undefined: a 500). */
let upstreams: { carrierTwin?: { sandbox: boolean; production: boolean } };
let twinNow: Record<string, string | undefined>;
const SAMPLE = {
  labelResponseOptions: 'URL_ONLY',
  requestedShipment: { shipper: { address: {} } },
  accountNumber: { value: '740561075' },
};

function install() {
  sent = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const body =
      typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '';
    sent.push({ method, url, headers, body });
    const json = (data: unknown, status = 200, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...extra } });
    if (url === '/lab/api/carrier/sandbox/oauth/token') {
      if (body.includes('client_secret=bad'))
        return json(
          { errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'The given client credentials were not valid.' }] },
          401,
        );
      return json({ access_token: 'tok-abc', token_type: 'bearer', expires_in: 3600 });
    }
    const [path, query = ''] = url.split('?');
    if (path === '/lab/api/config')
      return json({
        version: 'test',
        fileShareUrl: null,
        publicBaseUrl: null,
        labelServiceUrl: '',
        user: null,
        ...upstreams,
      });
    if (path === '/lab/api/simulator/clock') {
      const environment = new URLSearchParams(query).get('environment')!;
      const now = twinNow[environment];
      return now ? json({ environment, now, factor: 1 }) : json({ message: 'clock unavailable' }, 500);
    }
    if (path === '/lab/api/carrier/samples/pickup-create')
      return json({
        endpoint: 'pickup-create',
        method: 'POST',
        path: '/pickup/v1/pickups',
        document: null,
        imported: false,
        // Our route dates the default for the day asked: the real sample, as the server builds it.
        default: defaultSample('pickup-create', new URLSearchParams(query).get('day')!),
        samples: [],
      });
    if (path === '/lab/api/carrier/samples/ship-create')
      return json({
        endpoint: 'ship-create',
        method: 'POST',
        path: '/ship/v1/shipments',
        document: 'ship--Shipment-Resource',
        imported: true,
        default: SAMPLE,
        samples: [{ name: 'Ship with Dry Ice', request: { dryIce: true } }],
      });
    if (path!.startsWith('/lab/api/carrier/samples/')) return json({ default: {}, samples: [], imported: false });
    if (url === '/lab/api/openapi-docs/validate') {
      const b = JSON.parse(body) as { body: { requestedShipment?: unknown } };
      const problems =
        b.body && typeof b.body === 'object' && 'requestedShipment' in b.body
          ? []
          : [{ path: 'requestedShipment', code: 'FIELD.REQUIRED', message: 'requestedShipment is required.' }];
      return json({
        imported: true,
        document: 'x',
        method: 'POST',
        path: '/ship/v1/shipments',
        valid: !problems.length,
        problems,
        lenient: [],
      });
    }
    if (url === '/lab/api/carrier/sandbox/ship/v1/shipments')
      return json({ transactionId: 't1', output: { transactionShipments: [] } }, 200, {
        'server-timing': 'upstream;dur=12.5',
      });
    return json({ message: `no route ${method} ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
}

async function seedCredential() {
  let s = updateSlot(blankState(), 'No.2', { clientId: 'key', clientSecret: 'secret', comments: 'e2e box' });
  s = applySlot(s, 'No.2', { accessToken: 'tok-saved', expiresAt: Date.now() + 3_600_000 });
  await secureStorage.set(CREDENTIALS_KEY, s);
}

function seedTabs(body: string) {
  const s: TabsState = initialTabs();
  s.tabs[0]!.body = body;
  localStorage.setItem(TABS_KEY, JSON.stringify(s));
}

/** antd gives every dialog the same aria-labelledby in tests: find it by its text. */
async function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });
}

/** A notice (antd re-renders its nodes, so read the text, not one element). */
async function expectNotice(text: string) {
  await waitFor(() =>
    expect([...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent)).toContain(text),
  );
}

const callButton = () => screen.getByRole('button', { name: 'call API' });

beforeEach(() => {
  resetSecureStorageCache();
  localStorage.setItem(REMINDER_KEY, '1');
  upstreams = { carrierTwin: { sandbox: true, production: true } };
  twinNow = { sandbox: '2026-11-20T10:00:00.000Z', production: '2026-11-20T10:00:00.000Z' };
  install();
});
afterEach(() => vi.unstubAllGlobals());

describe('FAPI Playground', () => {
  it('asks to accept the security reminder once', async () => {
    localStorage.removeItem(REMINDER_KEY);
    const first = renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    const dialog = await dialogWith('Security reminder');
    expect(within(dialog).getByText(/stay in this browser and are encrypted when saved/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I understand' }));
    await waitFor(() => expect(screen.queryByText('Security reminder')).toBeNull());
    first.unmount();
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await screen.findByRole('button', { name: /Credential Required/ });
    expect(screen.queryByText('Security reminder')).toBeNull();
  });

  it('applies slot No.2: locks it, makes it active, saves it encrypted; the header follows', async () => {
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    const button = await screen.findByRole('button', { name: /Credential Required/ });
    expect(button).toHaveAttribute('data-kind', 'danger');
    expect(screen.getByTestId('active-credential')).toHaveTextContent('no active credential');
    expect(screen.getByRole('checkbox', { name: 'Proxied' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Proxied' })).toBeDisabled();
    await userEvent.click(button);
    const dialog = await dialogWith('Manage My Credentials');
    await userEvent.click(within(dialog).getByRole('tab', { name: /No\.2/ }));
    const slot = within(dialog).getByTestId('slot-No.2');
    await userEvent.type(within(slot).getByLabelText('Comments'), 'my sandbox box');
    expect(within(slot).getByLabelText('Comments')).toHaveValue('my sandbox');
    fireEvent.change(within(slot).getByLabelText('API key'), { target: { value: 'lab-key' } });
    fireEvent.change(within(slot).getByLabelText('API secret'), { target: { value: 'bad' } });
    await userEvent.click(within(slot).getByRole('button', { name: 'Apply' }));
    await expectNotice('failed to apply: The given client credentials were not valid.');
    expect(within(slot).getByLabelText('API key')).not.toHaveAttribute('readonly');

    fireEvent.change(within(slot).getByLabelText('API secret'), { target: { value: 'lab-secret' } });
    await userEvent.click(within(slot).getByRole('button', { name: 'Apply' }));
    await expectNotice('applied');
    const tokenCall = sent.filter((s) => s.url.endsWith('/oauth/token')).at(-1)!;
    expect(tokenCall.body).toBe('grant_type=client_credentials&client_id=lab-key&client_secret=lab-secret');
    await waitFor(() => expect(within(slot).getByLabelText('API key')).toHaveAttribute('readonly'));
    expect(within(slot).getByLabelText('API secret')).toHaveAttribute('readonly');
    expect(within(slot).getByRole('switch', { name: 'Environment' })).toBeDisabled();
    const header = screen.getByRole('button', { name: /Sandbox/ });
    expect(header).toHaveAttribute('data-kind', 'warning');
    expect(screen.getByTestId('active-credential')).toHaveTextContent(/^my sandbox · token expires /);
    await waitFor(() => expect(localStorage.getItem(`secure:${CREDENTIALS_KEY}`)).toBeTruthy());
    expect(localStorage.getItem(`secure:${CREDENTIALS_KEY}`)).not.toContain('lab-secret');
    const stored = await secureStorage.get<{ activeId: string }>(CREDENTIALS_KEY);
    expect(stored?.activeId).toBe('No.2');

    // Re-applying a slot whose token is still valid fetches nothing.
    const before = sent.length;
    await userEvent.click(within(slot).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getAllByText('applied').length).toBeGreaterThan(0));
    expect(sent.slice(before).filter((s) => s.url.endsWith('/oauth/token'))).toHaveLength(0);

    await userEvent.click(within(slot).getByRole('button', { name: 'Reset' }));
    await expectNotice('credential reset');
    expect(within(slot).getByLabelText('API key')).toHaveValue('');
    expect(within(slot).getByLabelText('API key')).not.toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByRole('button', { name: /Credential Required/ })).toBeInTheDocument());
  });

  it('shows Production for a production slot, and starts blank from an unreadable store', async () => {
    localStorage.setItem(`secure:${CREDENTIALS_KEY}`, '{"iv":"AAAA","data":"garbage"}');
    const { unmount } = renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await screen.findByRole('button', { name: /Credential Required/ });
    unmount();
    let s = updateSlot(blankState(), 'No.1', { clientId: 'k', clientSecret: 's', isProduction: true });
    s = applySlot(s, 'No.1', { accessToken: 't', expiresAt: Date.now() + 3_600_000 });
    await secureStorage.set(CREDENTIALS_KEY, s);
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    expect(await screen.findByRole('button', { name: /Production/ })).toHaveAttribute('data-kind', 'success');
    expect(screen.getByTestId('active-credential')).toHaveTextContent(/^No\.1 · token expires /);
  });

  it('needs valid JSON and a credential to call', async () => {
    seedTabs('{}');
    const { unmount } = renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    const editor = await screen.findByTestId('request-editor');
    expect(screen.queryByText('json syntax error')).toBeNull();
    expect(callButton()).toBeDisabled(); // no credential
    unmount();
    await seedCredential();
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await waitFor(() => expect(callButton()).toBeEnabled());
    fireEvent.change(await screen.findByTestId('request-editor'), { target: { value: '{"requestedShipment": ' } });
    expect(await screen.findByText('json syntax error')).toBeVisible();
    expect(callButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'save json' })).toBeDisabled();
    fireEvent.change(screen.getByTestId('request-editor'), { target: { value: '{"requestedShipment": {}}' } });
    await waitFor(() => expect(callButton()).toBeEnabled());
    expect(screen.queryByText('json syntax error')).toBeNull();
    expect(editor).not.toBeInTheDocument();
  });

  it('loads the sample, lists schema problems, calls with the overwrite row and shows status, time and size', async () => {
    await seedCredential();
    seedTabs('{"labelResponseOptions": "URL_ONLY"}');
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    const problems = await screen.findByTestId('schema-problems');
    expect(problems).toHaveTextContent('1 schema problems (warnings: the call is still sent)');
    expect(within(problems).getByText('requestedShipment')).toBeInTheDocument();
    expect(problems).toHaveTextContent('requestedShipment is required.');
    await userEvent.click(within(problems).getByText('requestedShipment'));
    expect(revealed).toContainEqual(['requestedShipment']); // jumps to the node
    await waitFor(() => expect(callButton()).toBeEnabled()); // problems warn, never block

    // The button waits for the day its sample is dated for (the twin's clock): ready once it is named "sample".
    await userEvent.click(await screen.findByRole('button', { name: 'sample' }));
    await expectNotice('code sample copied to request');
    expect(await screen.findByTestId('schema-valid')).toHaveTextContent('matches the endpoint’s schema');

    const row = screen.getByTestId('overwrite-row');
    fireEvent.change(within(row).getByLabelText('accountNumber'), { target: { value: '7405610739999' } });
    expect(within(row).getByLabelText('accountNumber')).toHaveValue('740561073');
    fireEvent.mouseDown(within(row).getByLabelText('labelResponseOptions'));
    await userEvent.click(await screen.findByTitle('LABEL'));
    fireEvent.mouseDown(within(row).getByLabelText('labelSpecification'));
    await userEvent.click(await screen.findByTitle('ZPLII STOCK_4X6'));

    await userEvent.click(callButton());
    const summary = await screen.findByTestId('response-summary');
    expect(summary).toHaveTextContent('200');
    expect(summary).toHaveTextContent('12.5 ms');
    expect(summary).toHaveTextContent(/\d+ B/);
    expect(await screen.findByTestId('demo-area')).toBeInTheDocument(); // fapi/demos renders in it
    expect(screen.getByRole('button', { name: /history \(1\)/ })).toBeInTheDocument();

    const call = sent.find((s) => s.url === '/lab/api/carrier/sandbox/ship/v1/shipments')!;
    expect(call.method).toBe('POST');
    expect(call.headers['x-upstream-authorization']).toBe('Bearer tok-saved');
    expect(call.headers['x-locale']).toBe('en_US');
    expect(call.headers['x-customer-transaction-id']).toMatch(/^lab-sandbox-ship-create-\d{8}-\d{9}$/);
    expect(JSON.parse(call.body)).toEqual({
      ...SAMPLE,
      accountNumber: { value: '740561073' },
      labelResponseOptions: 'LABEL',
      requestedShipment: {
        shipper: { address: {} },
        labelSpecification: { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' },
      },
    });
  });

  it('reopens a call from the tab’s history and copies the request as curl, token masked unless asked', async () => {
    await seedCredential();
    const s: TabsState = initialTabs();
    s.tabs[0]!.body = '{}';
    s.tabs[0]!.history = [
      {
        at: Date.UTC(2026, 10, 23, 2, 0, 0),
        endpointId: 'locations',
        method: 'POST',
        path: '/location/v1/locations',
        request: '{"location": 1}',
        status: 200,
        statusText: 'OK',
        timeMs: 42,
      },
    ];
    localStorage.setItem(TABS_KEY, JSON.stringify(s));
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await userEvent.click(await screen.findByRole('button', { name: /history \(1\)/ }));
    const history = await dialogWith('The last 20 calls of this tab');
    expect(history).toHaveTextContent('POST /location/v1/locations');
    expect(history).toHaveTextContent('42 ms');
    await userEvent.click(within(history).getByRole('button', { name: 'reopen' }));
    await expectNotice('request reopened');
    await waitFor(() => expect(screen.getByTestId('request-editor')).toHaveValue('{"location": 1}'));
    expect(screen.queryByTestId('overwrite-row')).toBeNull(); // locations has none

    await userEvent.click(screen.getByRole('button', { name: 'copy as curl' }));
    const curl = await screen.findByTestId('curl');
    expect(curl.textContent!.split(' \\\n')).toEqual([
      `curl -X POST '${location.origin}/lab/api/carrier/sandbox/location/v1/locations'`,
      `  -H 'content-type: application/json'`,
      `  -H 'accept: application/json'`,
      `  -H 'x-upstream-authorization: Bearer <access token>'`,
      `  -H 'x-locale: en_US'`,
      expect.stringMatching(/^ {2}-H 'x-customer-transaction-id: lab-sandbox-locations-\d{8}-\d{9}'$/),
      `  --data-raw '{"location":1}'`,
    ]);
    expect(curl).not.toHaveTextContent('tok-saved');
    await userEvent.click(screen.getByRole('checkbox', { name: 'show the token' }));
    expect(screen.getByTestId('curl')).toHaveTextContent('x-upstream-authorization: Bearer tok-saved');
  });

  it('sends x-locale zh_CN and refreshes an expired token before the call', async () => {
    let s = updateSlot(blankState(), 'No.2', { clientId: 'key', clientSecret: 'secret' });
    s = applySlot(s, 'No.2', { accessToken: 'old', expiresAt: Date.now() - 1 });
    await secureStorage.set(CREDENTIALS_KEY, s);
    seedTabs(JSON.stringify(SAMPLE));
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await screen.findByTestId('active-credential');
    await waitFor(() => expect(screen.getByTestId('active-credential')).toHaveTextContent('token expired'));
    await userEvent.click(screen.getByText('zh_CN'));
    await waitFor(() => expect(callButton()).toBeEnabled());
    await userEvent.click(callButton());
    await expectNotice('new access token obtained');
    await screen.findByTestId('response-summary');
    const call = sent.find((x) => x.url === '/lab/api/carrier/sandbox/ship/v1/shipments')!;
    expect(call.headers['x-upstream-authorization']).toBe('Bearer tok-abc');
    expect(call.headers['x-locale']).toBe('zh_CN');
  });

  it('is busy from the click while an expired token is refreshed, not only once the call is sent', async () => {
    let s = updateSlot(blankState(), 'No.2', { clientId: 'key', clientSecret: 'secret' });
    s = applySlot(s, 'No.2', { accessToken: 'old', expiresAt: Date.now() - 1 });
    await secureStorage.set(CREDENTIALS_KEY, s);
    seedTabs(JSON.stringify(SAMPLE));
    // Hold the token request until the test lets it go.
    const answer = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/oauth/token')) await held;
      return answer(input, init);
    });
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await waitFor(() => expect(screen.getByTestId('active-credential')).toHaveTextContent('token expired'));
    await waitFor(() => expect(callButton()).toBeEnabled());
    await userEvent.click(callButton());
    // While busy the button's name starts with its spinner's "loading".
    const busy = () => screen.getByRole('button', { name: /call API$/ });
    await waitFor(() => expect(busy()).toHaveClass('ant-btn-loading'));
    expect(busy()).toHaveAccessibleName('loading call API');
    expect(sent.some((x) => x.url === '/lab/api/carrier/sandbox/ship/v1/shipments')).toBe(false);
    release();
    await screen.findByTestId('response-summary');
    await waitFor(() => expect(busy()).not.toHaveClass('ant-btn-loading'));
    expect(sent.some((x) => x.url === '/lab/api/carrier/sandbox/ship/v1/shipments')).toBe(true);
  });

  it('adds and closes tabs, keeping them across a reload', async () => {
    const first = renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await screen.findByRole('tab', { name: 'Tab 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Add tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add tab' }));
    expect(screen.getByRole('tab', { name: 'Tab 3', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Tab 2' }));
    const closeTab2 = within(
      screen.getByRole('tab', { name: 'Tab 2' }).closest('.ant-tabs-tab')! as HTMLElement,
    ).getByRole('button', { name: 'remove' });
    await userEvent.click(closeTab2);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Tab 3', selected: true })).toBeInTheDocument());
    first.unmount();
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    expect(await screen.findByRole('tab', { name: 'Tab 3', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tab 1', 'Tab 3']);
  });

  it('opens a handoff in a new tab on its endpoint', async () => {
    leavePlaygroundHandoff({ endpointId: 'locations', body: { locationsSummaryRequestControlParameters: {} } });
    const { router } = renderWithProviders(<FapiPage />, { route: '/api/fapi?handoff=1' });
    expect(await screen.findByRole('tab', { name: 'Tab 2', selected: true })).toBeInTheDocument();
    await expectNotice('code sample copied to request');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const saved = JSON.parse(localStorage.getItem(TABS_KEY)!) as TabsState;
    expect(saved.tabs[1]).toMatchObject({
      endpointId: 'locations',
      body: expect.stringContaining('locationsSummaryRequestControlParameters'),
    });
  });

  it('shows an endpoint’s specific form instead of the editors, with a fresh token and a handed-over image', async () => {
    let s = updateSlot(blankState(), 'No.2', { clientId: 'key', clientSecret: 'secret' });
    s = applySlot(s, 'No.2', { accessToken: 'old', expiresAt: Date.now() - 1 });
    await secureStorage.set(CREDENTIALS_KEY, s);
    leavePlaygroundHandoff({
      endpointId: 'image-upload',
      image: { dataUrl: 'data:image/png;base64,AA==', fileName: 'sig.png', contentType: 'PNG' },
    });
    renderWithProviders(<FapiPage />, { route: '/api/fapi?handoff=1' });
    await waitFor(() => expect(screen.getByTestId('specific-form')).toHaveTextContent('tok-abc|en_US|sig.png'));
    await expectNotice('new access token obtained');
    expect(screen.queryByTestId('request-editor')).toBeNull();
    expect(screen.queryByRole('button', { name: 'call API' })).toBeNull();
  });

  it('puts a generated ship payload into the current tab, switching it to create shipment', async () => {
    const t: TabsState = initialTabs();
    t.tabs[0] = { ...t.tabs[0]!, endpointId: 'locations', body: '{}' };
    localStorage.setItem(TABS_KEY, JSON.stringify(t));
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    await screen.findByTestId('request-editor');
    expect(screen.queryByTestId('overwrite-row')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ship Payload' }));
    const dialog = await dialogWith('use generated');
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '95%' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'use generated' }));
    await waitFor(() =>
      expect(screen.getByTestId('request-editor')).toHaveValue(
        JSON.stringify({ requestedShipment: { generated: true } }, null, 2),
      ),
    );
    expect(screen.getByTestId('overwrite-row')).toBeInTheDocument();
    const saved = JSON.parse(localStorage.getItem(TABS_KEY)!) as TabsState;
    expect(saved.tabs[0]).toMatchObject({ endpointId: 'ship-create', method: 'POST' });
  });

  it('shows the schema line of the current text only: nothing green beside a json syntax error (issue 31)', async () => {
    seedTabs('{"requestedShipment": {}}');
    renderWithProviders(<FapiPage />, { route: '/api/fapi' });
    expect(await screen.findByTestId('schema-valid')).toHaveTextContent('matches the endpoint’s schema');
    fireEvent.change(screen.getByTestId('request-editor'), { target: { value: '{"requestedShipment": {}},,' } });
    expect(await screen.findByText('json syntax error')).toBeVisible();
    expect(screen.queryByTestId('schema-valid')).toBeNull();
    expect(screen.getByTestId('schema-waiting')).toHaveTextContent('schema check waits for valid JSON');
    fireEvent.change(screen.getByTestId('request-editor'), { target: { value: '{"labelResponseOptions": "LABEL"}' } });
    expect(screen.queryByTestId('schema-valid')).toBeNull(); // the last answer was for another text
    expect(screen.getByText('checking against the schema…')).toBeInTheDocument();
    expect(await screen.findByTestId('schema-problems')).toHaveTextContent('1 schema problems');
  });

  it.each([
    ['en', ['code', 'form'], ['code', 'view']],
    ['zh', ['代码', '表单'], ['代码', '查看']],
  ] as const)('names the editors’ modes code/form and code/view in %s (spec 000; issue 31)', async (lang, req, res) => {
    seedTabs('{}');
    renderWithProviders(<FapiPage />, { route: '/api/fapi', lang });
    await screen.findByTestId('request-editor');
    const labels = (name: string) =>
      [...screen.getByLabelText(name).querySelectorAll('.ant-segmented-item-label')].map((l) => l.textContent);
    expect(labels(lang === 'en' ? 'Request mode' : '请求模式')).toEqual(req);
    expect(labels(lang === 'en' ? 'Response mode' : '响应模式')).toEqual(res);
  });
  describe('the default sample is dated from the twin clock (issue 39 item 6)', () => {
    /** A tab on create pickup, its default sample loaded with the "sample" button: the request text then. */
    async function loadPickupSample(): Promise<{ readyDateTimestamp: string }> {
      const s: TabsState = initialTabs();
      Object.assign(s.tabs[0]!, withEndpoint('pickup-create'), { body: '{}' });
      localStorage.setItem(TABS_KEY, JSON.stringify(s));
      renderWithProviders(<FapiPage />, { route: '/api/fapi' });
      // The page, then the day (settings, the clock), then the samples of that day: each step in turn.
      await screen.findByRole('button', { name: /Credential Required/ });
      await waitFor(() => expect(sampleDays()).toHaveLength(1));
      const button = await screen.findByRole('button', { name: 'sample' });
      await userEvent.click(button);
      await expectNotice('code sample copied to request');
      const body = JSON.parse((screen.getByTestId('request-editor') as HTMLTextAreaElement).value) as {
        originDetail: { readyDateTimestamp: string };
      };
      return body.originDetail;
    }
    const sampleDays = () =>
      sent
        .filter((c) => c.url.startsWith('/lab/api/carrier/samples/'))
        .map((c) => new URL(c.url, 'http://lab').searchParams.get('day'));
    const clockCalls = () => sent.filter((c) => c.url.startsWith('/lab/api/simulator/clock')).map((c) => c.url);

    it("takes the built-in twin's today: a Saturday on its clock books the pickup on Monday", async () => {
      twinNow = { sandbox: '2026-11-28T10:00:00.000Z', production: '2027-01-05T10:00:00.000Z' };
      const origin = await loadPickupSample();
      expect(origin.readyDateTimestamp).toBe('2026-11-30T11:00:00Z');
      expect(sampleDays()).toEqual(['2026-11-28']);
      expect(clockCalls()).toEqual(['/lab/api/simulator/clock?environment=sandbox']);
    });

    it("takes the browser's today with a real carrier upstream, without asking the twin's clock", async () => {
      upstreams = { carrierTwin: { sandbox: false, production: true } };
      const before = formatShipDate(new Date());
      await loadPickupSample();
      expect([before, formatShipDate(new Date())]).toContain(sampleDays()[0]);
      expect(clockCalls()).toEqual([]);
    });

    it("takes the browser's today when the twin's clock cannot be read", async () => {
      twinNow = {};
      const before = formatShipDate(new Date());
      await loadPickupSample();
      expect([before, formatShipDate(new Date())]).toContain(sampleDays()[0]);
      expect(clockCalls()).toEqual(['/lab/api/simulator/clock?environment=sandbox']);
    });
  });
});
