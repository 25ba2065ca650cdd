import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StratusOrderReply } from '@lab/core/contract';
import { secureStorage } from '@/lib/secureStorage';
import { renderWithProviders } from '@/test/render';
import { BLANK_CREDENTIALS, STRATUS_CREDENTIALS_KEY } from './credentials';
import { SECURITY_ACCEPTED_KEY } from './SecurityReminder';
import StratusPage from './StratusPage';

// A budget for rendering, not for time to pass: a wait here covers the Stratus page's forms and parse
// table rendering in jsdom (measured up to ~0.45 s at load ~2, more under load; the default is 1 s).
configure({ asyncUtilTimeout: 8000 });

const SAMPLE = '0,"020"1,"Ref"116,"2"187,"299"99,"END"';

interface Call {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[];
let orderReplies: StratusOrderReply[];
let postAnswer: () => Promise<Response>;

const json = (data: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(data), { status, statusText, headers: { 'content-type': 'application/json' } });

/** Stratus behind our gateway (and the few other routes the screen reads), as the simulator answers. */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const body =
    typeof init?.body === 'string' && init.body.startsWith('{') ? (JSON.parse(init.body) as unknown) : init?.body;
  calls.push({ method, path: url.pathname, search: url.search, headers, body });
  const route = `${method} ${url.pathname}`;
  if (route === 'GET /lab/api/config') return json({ version: '0.1.0', fileShareUrl: null });
  if (route === 'POST /lab/api/stratus/auth/oauth/v2/token') {
    const [, secret] = atob((headers['x-upstream-authorization'] ?? '').replace(/^Basic /, '')).split(':');
    if (secret === 'invalid')
      return json(
        { error: 'invalid_client', error_description: 'The client key and secret were not accepted' },
        401,
        'Unauthorized',
      );
    return json({ access_token: `tok-${secret}`, token_type: 'Bearer', expires_in: 3300, scope: 'oob' });
  }
  if (route === 'GET /lab/api/stratus/stratus/v1/greet') {
    if (headers['x-api-key'] === 'invalid')
      return json({ Message: 'A valid x-api-key header is required' }, 401, 'Unauthorized');
    return json({ Id: 'greet-id-1', Purpose: 'Stratus simulator: your token and api key work' });
  }
  if (route === 'POST /lab/api/stratus/stratus/v1/order') return postAnswer();
  if (route.startsWith('GET /lab/api/stratus/stratus/v1/order/')) return json(orderReplies.shift());
  if (route.startsWith('POST /lab/api/transactions/')) return json([]);
  return json({ message: `unexpected ${route}` }, 500, 'Internal Server Error');
});

beforeEach(() => {
  calls = [];
  orderReplies = [];
  postAnswer = async () => json({ Id: 'order-1' });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(SECURITY_ACCEPTED_KEY, 'yes');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = () => renderWithProviders(<StratusPage />, { route: '/api/stratus' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');

async function saved(over: Partial<typeof BLANK_CREDENTIALS> = {}) {
  await secureStorage.set(STRATUS_CREDENTIALS_KEY, {
    ...BLANK_CREDENTIALS,
    clientKey: 'key',
    clientSecret: 'secret',
    apiKey: 'api',
    accessToken: 'tok-secret',
    accessTokenExpireTimestamp: Date.now() + 3_300_000,
    ...over,
  });
}

describe('Stratus screen', () => {
  it('asks for the security reminder to be accepted once', async () => {
    localStorage.removeItem(SECURITY_ACCEPTED_KEY);
    renderPage();
    expect(await screen.findByText('Security reminder')).toBeInTheDocument();
    expect(screen.getByText(/pass(es)? through our server/)).toBeInTheDocument();
    fireEvent.click(button('I understand and accept'));
    await waitFor(() => expect(screen.queryByText('Security reminder')).not.toBeVisible());
    expect(localStorage.getItem(SECURITY_ACCEPTED_KEY)).toBe('yes');
  });

  it('verifies the key pair with a token, clears flags on edits, saves encrypted and greets', async () => {
    renderPage();
    expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials not verified');
    expect(screen.getByTestId('token-tag')).toHaveTextContent('no token');
    expect(button('Greet')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'proxied' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'proxied' })).toBeDisabled();

    fireEvent.click(button(/Settings/));
    await screen.findByText('Stratus Credentials');
    fireEvent.change(screen.getByLabelText('Client Key'), { target: { value: 'key' } });
    fireEvent.change(screen.getByLabelText('Client Secret'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'api' } });
    expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair not verified');
    expect(screen.getByTestId('apikey-tag')).toHaveTextContent('api key not verified');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'verify or refresh token' }));
    await waitFor(() => expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair verified'));
    const token = calls.find((c) => c.path === '/lab/api/stratus/auth/oauth/v2/token')!;
    expect(token.method).toBe('POST');
    expect(token.search).toBe('?grant_type=client_credentials&scope=oob');
    expect(token.headers).toMatchObject({
      'x-upstream-authorization': `Basic ${btoa('key:secret')}`,
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(await screen.findByText('new access token obtained')).toBeInTheDocument();

    // Editing the secret clears the pair's flag; the api key's flag is its own.
    fireEvent.change(screen.getByLabelText('Client Secret'), { target: { value: 'secret2' } });
    expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair not verified');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'verify or refresh token' }));
    await waitFor(() => expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair verified'));

    fireEvent.click(within(dialog()).getByRole('button', { name: 'save and close' }));
    await waitFor(async () =>
      expect(await secureStorage.get(STRATUS_CREDENTIALS_KEY)).toMatchObject({
        clientKey: 'key',
        clientSecret: 'secret2',
        apiKey: 'api',
        isVerifiedClientKeySecret: true,
        isVerifiedApiKey: false,
        accessToken: 'tok-secret2',
        accessTokenExpireSeconds: 3300,
      }),
    );
    expect(screen.getByTestId('token-tag')).toHaveTextContent(/^token expires at /);
    expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials not verified');

    expect(button('Greet')).toBeEnabled();
    fireEvent.click(button('Greet'));
    expect(await screen.findByText('greet-id-1')).toBeInTheDocument();
    expect(screen.getByText('Stratus simulator: your token and api key work')).toBeInTheDocument();
    const greet = calls.find((c) => c.path === '/lab/api/stratus/stratus/v1/greet')!;
    expect(greet.headers).toMatchObject({ 'x-upstream-authorization': 'Bearer tok-secret2', 'x-api-key': 'api' });
    expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified');
  });

  it('a refused token marks the pair not verified and shows status, status text and body', async () => {
    renderPage();
    fireEvent.click(button(/Settings/));
    await screen.findByText('Stratus Credentials');
    fireEvent.change(screen.getByLabelText('Client Key'), { target: { value: 'key' } });
    fireEvent.change(screen.getByLabelText('Client Secret'), { target: { value: 'invalid' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'verify or refresh token' }));
    expect(
      await screen.findByText(
        '401 Unauthorized: {"error":"invalid_client","error_description":"The client key and secret were not accepted"}',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair not verified');
  });

  it('cancel or close forgets the edits', async () => {
    await saved();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    fireEvent.click(button(/Settings/));
    await screen.findByText('Stratus Credentials');
    expect(screen.getByLabelText('Client Key')).toHaveValue('key');
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'other' } });
    expect(screen.getByTestId('apikey-tag')).toHaveTextContent('api key not verified');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'cancel or close' }));
    fireEvent.click(button(/Settings/));
    await waitFor(() => expect(screen.getByLabelText('API Key')).toHaveValue('api'));
    expect(screen.getByTestId('apikey-tag')).toHaveTextContent('api key verified');
  });

  it('credentials from storage count as verified; a failed greet unverifies the api key and reopens the dialog', async () => {
    await saved({ apiKey: 'invalid' });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    fireEvent.click(button('Greet'));
    expect(
      await screen.findByText('401 Unauthorized: {"Message":"A valid x-api-key header is required"}'),
    ).toBeInTheDocument();
    await screen.findByText('Stratus Credentials');
    expect(screen.getByTestId('apikey-tag')).toHaveTextContent('api key not verified');
    expect(screen.getByTestId('pair-tag')).toHaveTextContent('key pair verified');
  });

  it('keeps options and Ship Now disabled until format and end field are correct; rotation only for ZPL', async () => {
    await saved();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    const box = screen.getByLabelText('transaction');
    const ship = () => button('Ship Now');
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format incorrect');
    expect(ship()).toBeDisabled();
    fireEvent.change(box, { target: { value: SAMPLE.replace('99,"END"', '') } });
    expect(screen.getByTestId('format-tag')).toHaveTextContent('format correct');
    expect(screen.getByTestId('end-tag')).toHaveTextContent('end field incorrect');
    expect(ship()).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'ZPL' })).toBeDisabled();
    fireEvent.change(box, { target: { value: SAMPLE } });
    expect(screen.getByTestId('end-tag')).toHaveTextContent('end field correct');
    expect(ship()).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Rotated' })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'ZPL' }));
    expect(screen.getByRole('radio', { name: 'Rotated' })).toBeEnabled();
  });

  it('posts the rewritten transaction, polls 2 s later, and stops polling when the page is left', async () => {
    await saved();
    let release!: () => void;
    postAnswer = () => new Promise((resolve) => (release = () => resolve(json({ Id: 'order-1' }))));
    orderReplies = [{ Id: 'order-1', State: 'PENDING', Labels: [], Packages: [], Documents: [] }];
    const { unmount } = renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    fireEvent.change(screen.getByLabelText('transaction'), { target: { value: SAMPLE } });
    fireEvent.click(screen.getByRole('radio', { name: 'ZPL' }));
    fireEvent.click(button('Ship Now'));
    await waitFor(() => expect(calls.some((c) => c.path === '/lab/api/stratus/stratus/v1/order')).toBe(true));
    const post = calls.find((c) => c.path === '/lab/api/stratus/stratus/v1/order')!;
    expect(post.headers).toMatchObject({ 'x-upstream-authorization': 'Bearer tok-secret', 'x-api-key': 'api' });
    expect(post.body).toEqual({
      ProjetId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      Transaction: '0,"020"1,"Ref"116,"2"187,"ZEBRA"99,""',
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('tries')).toHaveTextContent('tried 0 times');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('tries')).toHaveTextContent('tried 1 times');
    const polls = () => calls.filter((c) => c.path === '/lab/api/stratus/stratus/v1/order/order-1').length;
    expect(polls()).toBe(1);

    unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(polls()).toBe(1);
  });

  it('explains a rejected transaction: the parse table marks the fields Stratus named', async () => {
    await saved();
    postAnswer = async () =>
      json({ Message: 'field 116 (package count) must be a whole number from 1 to 99, got "x"' }, 400, 'Bad Request');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    fireEvent.change(screen.getByLabelText('transaction'), { target: { value: SAMPLE.replace('"2"', '"x"') } });
    fireEvent.click(button('Ship Now'));
    const panel = await screen.findByTestId('rejection');
    expect(within(panel).getByText('Why the transaction was rejected')).toBeInTheDocument();
    expect(within(panel).getByTestId('named-fields')).toHaveTextContent('fields named in the error: 116');
    const row = (await within(panel).findByText('x')).closest('.ant-table-row')!;
    expect(row).toHaveClass('tran-row-named');
    expect(within(panel).getByText('DIB').closest('.ant-table-row')).not.toHaveClass('tran-row-named');
    expect(screen.getByText(/400 Bad Request/)).toBeInTheDocument();
  });

  it('a second Ship Now starts from a clean slate: no earlier order id, try count or state (issue 31)', async () => {
    await saved();
    orderReplies = [{ Id: 'order-1', State: 'COMPLETED', Labels: [], Packages: [], Documents: [] }];
    renderPage();
    await waitFor(() => expect(screen.getByTestId('credentials-tag')).toHaveTextContent('credentials verified'));
    fireEvent.change(screen.getByLabelText('transaction'), { target: { value: SAMPLE } });
    // With fake timers, Testing Library's waitFor would wait forever: each step is advanced by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button('Ship Now'));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('tries')).toHaveTextContent('tried 1 timesCOMPLETED');
    expect(screen.getByTestId('order-steps')).toHaveTextContent('order-1');

    let release!: () => void;
    postAnswer = () => new Promise((resolve) => (release = () => resolve(json({ Id: 'order-2' }))));
    orderReplies = [{ Id: 'order-2', State: 'PENDING', Labels: [], Packages: [], Documents: [] }];
    expect(button('Ship Now')).toBeEnabled();
    fireEvent.click(button('Ship Now'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.filter((c) => c.path === '/lab/api/stratus/stratus/v1/order')).toHaveLength(2);
    expect(screen.getByTestId('tries').textContent).toBe('tried 0 times');
    expect(screen.getByTestId('order-steps')).not.toHaveTextContent('order-1');
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByTestId('tries')).toHaveTextContent('tried 1 timesPENDING');
  });
});
