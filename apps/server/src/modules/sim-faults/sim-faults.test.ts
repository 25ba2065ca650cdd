import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import type { AppConfig } from '../../config.js';
import { buildTestApp, dialectsFor, type TestApp, describePostgres } from '../../test/helpers.js';
import { listenLoopback, rawRequest, standInServer, type RawResponse } from '../../test/http.js';
import { gatewayClient, gatewayToken, tokenForm, twinCall, twinToken } from '../../test/simulators.js';
import { twoInstancesOnPostgres } from '../../test/suiteFixtures.js';
import { parseFaultHeader } from './faults.js';

type Json = Record<string, any>;

const SIM = { openApiRecheckMs: 0, simSeed: 11 } satisfies Partial<AppConfig>;
const POSTAL = '/lab/api/carrier/sandbox/country/v1/postal/validate';
const SERVICE_UNAVAILABLE =
  'The service is currently unavailable and we are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.';
const INTERNAL =
  'We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.';
const HEADER_SYNTAX = 'use status=429|500|503|504, latency=<0..120000 ms>, token-expired or hang';

/** POST postal-validate through the gateway with the default sample. */
const postal = (base: string, token: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  rawRequest(base, 'POST', POSTAL, {
    headers: { 'content-type': 'application/json', 'x-upstream-authorization': `Bearer ${token}`, ...headers },
    body: JSON.stringify(defaultSample('postal-validate')),
  });

const api = (t: TestApp, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.app.inject({ method, url: `/lab/api/simulator${url}`, ...(payload ? { payload } : {}) });

describe('the x-sim-fault header syntax', () => {
  it('reads each fault kind, exactly', () => {
    expect(parseFaultHeader('status=503')).toEqual({ kind: 'status', status: 503 });
    expect(parseFaultHeader('status=429')).toEqual({ kind: 'status', status: 429 });
    expect(parseFaultHeader(' latency=1500 ')).toEqual({ kind: 'latency', ms: 1500 });
    expect(parseFaultHeader('latency=0')).toEqual({ kind: 'latency', ms: 0 });
    expect(parseFaultHeader('token-expired')).toEqual({ kind: 'token-expired' });
    expect(parseFaultHeader('hang')).toEqual({ kind: 'hang' });
  });

  it('refuses anything else, naming the syntax', () => {
    for (const bad of [
      'status=502',
      'STATUS=503',
      'latency=-1',
      'latency=120001',
      'latency=01',
      'latency=1.5',
      '',
      'hang,status=503',
    ]) {
      expect(parseFaultHeader(bad)).toBe(`x-sim-fault: "${bad}" is not a fault: ${HEADER_SYNTAX}`);
    }
    expect(parseFaultHeader(['hang', 'hang'])).toBe(`x-sim-fault must be given once: ${HEADER_SYNTAX}`);
  });
});

describe.each(dialectsFor('dialect-neutral'))('faults through the gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => ({ t, base, token } = await gatewayClient(dialect, SIM, { imported: true })));
  afterAll(() => t.close());
  afterEach(async () => {
    const { faults } = (await api(t, 'GET', '/faults')).json() as { faults: { endpointId: string }[] };
    for (const f of faults) await api(t, 'DELETE', `/faults/${f.endpointId}`);
  });

  it('the switchboard stores a fault (rate 1 when a status is given), lists it and clears it', async () => {
    const set = await api(t, 'PUT', '/faults/postal-validate', { status: 503 });
    expect(set.statusCode, set.body).toBe(200);
    const fault = set.json();
    expect(fault).toEqual({
      endpointId: 'postal-validate',
      latencyMs: 0,
      jitterMs: 0,
      status: 503,
      rate: 1,
      tokenExpired: false,
      hang: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await api(t, 'GET', '/faults')).json()).toEqual({ faults: [fault] });
    const cleared = await api(t, 'DELETE', '/faults/postal-validate');
    expect(cleared.json()).toEqual({ endpointId: 'postal-validate' });
    expect((await api(t, 'GET', '/faults')).json()).toEqual({ faults: [] });
    const again = await api(t, 'DELETE', '/faults/postal-validate');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('no fault is set on postal-validate');
  });

  it('refuses an endpoint that is not an enabled catalogue id, and a fault that says nothing', async () => {
    const unknown = 'a fault is set on an enabled catalogue endpoint id or on oauth-token';
    for (const id of ['nope', 'freight-rate']) {
      const res = await api(t, 'PUT', `/faults/${id}`, { status: 503 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`no carrier endpoint "${id}": ${unknown}`);
    }
    const cases: [Json, string][] = [
      [{}, 'nothing to inject: give latencyMs, status, tokenExpired or hang (DELETE clears a fault)'],
      [{ latencyMs: 0 }, 'nothing to inject: give latencyMs, status, tokenExpired or hang (DELETE clears a fault)'],
      [{ rate: 0.5 }, 'rate applies to a status: give status too'],
      [{ jitterMs: 5 }, 'jitterMs applies to a latency: give latencyMs too'],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, 'PUT', '/faults/postal-validate', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const token = await api(t, 'PUT', '/faults/oauth-token', { tokenExpired: true });
    expect(token.statusCode).toBe(400);
    expect(token.json().message).toBe(
      'tokenExpired applies to calls that bear a token: the OAuth token endpoint takes none',
    );
    const badStatus = await api(t, 'PUT', '/faults/postal-validate', { status: 502 });
    expect(badStatus.statusCode).toBe(400);
    const badId = await api(t, 'PUT', '/faults/Not_An_Id', { status: 503 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('not an endpoint id');
    expect((await api(t, 'GET', '/faults')).json()).toEqual({ faults: [] });
  });

  it('an error status answers in the carrier’s error shape, passed through the gateway as it is', async () => {
    await api(t, 'PUT', '/faults/postal-validate', { status: 503 });
    const res = await postal(base, token, { 'x-customer-transaction-id': 'fault-test-1' });
    expect(res.status).toBe(503);
    expect(res.headers['x-sim-fault']).toBe('status=503');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerTransactionId: 'fault-test-1',
      errors: [{ code: 'SERVICE.UNAVAILABLE.ERROR', message: SERVICE_UNAVAILABLE }],
    });
    // Other endpoints are untouched.
    const other = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/track/v1/trackingnumbers', {
      headers: { 'content-type': 'application/json', 'x-upstream-authorization': `Bearer ${token}` },
      body: JSON.stringify({
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: '794843185271' } }],
      }),
    });
    expect(other.status).toBe(200);
    expect(other.headers['x-sim-fault']).toBeUndefined();
  });

  it('a rate of 0 lets every call through; clearing the fault does too', async () => {
    await api(t, 'PUT', '/faults/postal-validate', { status: 500, rate: 0 });
    const res = await postal(base, token);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['x-sim-fault']).toBeUndefined();
  });

  it('429 carries Retry-After; 500 and 504 their codes (the header asks for one call)', async () => {
    const answers: [number, { code: string; message: string }][] = [
      [
        429,
        {
          code: 'TOO.MANY.REQUESTS.ERROR',
          message: 'We have received too many requests in a short duration. Please wait a while to try again.',
        },
      ],
      [500, { code: 'INTERNAL.SERVER.ERROR', message: INTERNAL }],
      // The simulator's 504 is the carrier's (its shape, x-sim-fault), not the gateway's own timeout.
      [
        504,
        {
          code: 'GATEWAY.TIMEOUT.ERROR',
          message: 'The request timed out before the service answered. Please try again later.',
        },
      ],
    ];
    for (const [status, error] of answers) {
      const res = await postal(base, token, { 'x-sim-fault': `status=${status}` });
      expect(res.status).toBe(status);
      expect(res.headers['x-sim-fault']).toBe(`status=${status}`);
      expect(res.json().errors).toEqual([error]);
      if (status === 429) expect(res.headers['retry-after']).toBe('1');
    }
    // The next call, without the header, is answered normally.
    expect((await postal(base, token)).status).toBe(200);
  });

  it('a latency delays the answer, which is the normal one', async () => {
    const once = await postal(base, token, { 'x-sim-fault': 'latency=30' });
    expect(once.status).toBe(200);
    expect(once.headers['x-sim-fault']).toBe('latency=30');
    expect(once.json().output).toBeDefined();
    await api(t, 'PUT', '/faults/postal-validate', { latencyMs: 20, jitterMs: 10 });
    const stored = await postal(base, token);
    expect(stored.status).toBe(200);
    const ms = Number(/^latency=(\d+)$/.exec(String(stored.headers['x-sim-fault']))?.[1]);
    expect(ms).toBeGreaterThanOrEqual(20);
    expect(ms).toBeLessThanOrEqual(30);
  });

  it('token expired: 401 for tokens issued before the fault, until the client gets a new token', async () => {
    const old = await gatewayToken(base);
    await api(t, 'PUT', '/faults/postal-validate', { tokenExpired: true });
    const refused = await postal(base, old);
    expect(refused.status).toBe(401);
    expect(refused.headers['x-sim-fault']).toBe('token-expired');
    expect(refused.json().errors).toEqual([
      { code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired. Please modify your request and try again.' },
    ]);
    const fresh = await gatewayToken(base);
    expect((await postal(base, fresh)).status).toBe(200);
    expect((await postal(base, old)).status).toBe(401);
    // Setting the fault again (with a latency) keeps the fresh token valid.
    await api(t, 'PUT', '/faults/postal-validate', { tokenExpired: true, latencyMs: 1 });
    expect((await postal(base, fresh)).status).toBe(200);
    await api(t, 'DELETE', '/faults/postal-validate');
    expect((await postal(base, old)).status).toBe(200);
    // The header expires the token of one call.
    const once = await postal(base, fresh, { 'x-sim-fault': 'token-expired' });
    expect(once.status).toBe(401);
    expect((await postal(base, fresh)).status).toBe(200);
  });

  it('a fault on oauth-token answers the token request', async () => {
    await api(t, 'PUT', '/faults/oauth-token', { status: 503 });
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenForm(),
    });
    expect(res.status).toBe(503);
    expect(res.json().errors[0].code).toBe('SERVICE.UNAVAILABLE.ERROR');
  });

  it('a malformed x-sim-fault is a 400 in the carrier’s shape', async () => {
    const res = await postal(base, token, { 'x-sim-fault': 'status=502' });
    expect(res.status).toBe(400);
    expect(res.json().errors).toEqual([
      { code: 'INVALID.INPUT.EXCEPTION', message: `x-sim-fault: "status=502" is not a fault: ${HEADER_SYNTAX}` },
    ]);
  });

  it('the traffic log names the fault injected into a call', async () => {
    await postal(base, token, { 'x-sim-fault': 'status=503', 'x-customer-transaction-id': 'traffic-fault' });
    const { entries } = (await api(t, 'GET', '/traffic?limit=20')).json() as { entries: Json[] };
    const entry = entries.find((e) => e.request.headers['x-customer-transaction-id'] === 'traffic-fault');
    expect(entry).toMatchObject({
      source: 'carrier-sim',
      environment: 'sandbox',
      endpointId: 'postal-validate',
      method: 'POST',
      url: '/lab/sim/carrier/country/v1/postal/validate',
      status: 503,
      fault: 'status=503',
    });
  });

  it('the traffic log records a faulted call’s request as sent, and judges that body (not an empty one)', async () => {
    const sent = JSON.stringify(defaultSample('postal-validate'));
    await postal(base, token, { 'x-sim-fault': 'status=503', 'x-customer-transaction-id': 'traffic-fault-body' });
    const { entries } = (await api(t, 'GET', '/traffic?limit=20')).json() as { entries: Json[] };
    const entry = entries.find((e) => e.request.headers['x-customer-transaction-id'] === 'traffic-fault-body');
    expect(entry?.status).toBe(503);
    expect(entry?.request).toMatchObject({ body: sent, size: Buffer.byteLength(sent), truncated: false });
    expect(entry?.conformance.request).toEqual({ ok: true, issues: [] });
  });
});

describe.each(dialectsFor('dialect-neutral'))('x-sim-fault and a real upstream (%s)', (dialect) => {
  it('is never sent to a configured upstream', async () => {
    const upstream = await standInServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"output":{}}');
    });
    const t = await buildTestApp(dialect, { ...SIM, gatewayUpstreams: { carrierSandbox: upstream.base } as never });
    try {
      const res = await postal(await listenLoopback(t.app), 'upstream-token', { 'x-sim-fault': 'status=503' });
      expect(res.status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
      expect(upstream.requests[0]!.headers['x-sim-fault']).toBeUndefined();
      expect(upstream.requests[0]!.headers.authorization).toBe('Bearer upstream-token');
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});

describe.each(dialectsFor('dialect-neutral'))('hang (%s)', (dialect) => {
  it('holds the call past the gateway’s timeout: the gateway answers its own 504', async () => {
    const t = await buildTestApp(dialect, { ...SIM, gatewayCarrierTimeoutMs: 1_000 });
    try {
      const base = await listenLoopback(t.app);
      const token = await gatewayToken(base);
      await api(t, 'PUT', '/faults/postal-validate', { hang: true });
      const recorded = new Promise<Json>((resolve) => {
        t.app.bus.subscribe(SIMULATOR_TOPICS.traffic, (data) => {
          if ((data as Json).fault === 'hang') resolve(data as Json);
        });
      });
      const res = await postal(base, token);
      expect(res.status).toBe(504);
      expect(res.headers['x-sim-fault']).toBeUndefined();
      expect(res.json()).toEqual({
        message: `upstream carrier sandbox (built-in simulator) (${base}/lab/sim/carrier) did not answer in time (total deadline, 1000 ms)`,
      });
      // The simulator let go of the call when the gateway hung up: logged without a status.
      expect(await recorded).toMatchObject({ status: 0, endpointId: 'postal-validate', fault: 'hang' });
    } finally {
      await t.close();
    }
  });

  it('a call held by a hang is let go when the app closes (nothing left open)', async () => {
    const t = await buildTestApp(dialect, SIM);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const outcome = new Promise<string>((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/lab/sim/carrier/country/v1/postal/validate', agent: false },
        (res) => resolve(`answered ${res.statusCode}`),
      );
      req.setHeader('x-sim-fault', 'hang');
      req.setHeader('content-type', 'application/json');
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      req.end('{}');
    });
    await t.logs.until((lines) => lines.some((l) => l.msg === 'sim fault: holding the call unanswered (hang)'));
    await t.close();
    expect(await outcome).toBe('ECONNRESET');
  });
});

describePostgres('faults, two instances on one PostgreSQL database', () => {
  const apps = twoInstancesOnPostgres(SIM);

  const simToken = (t: TestApp) => twinToken(t.app);
  const simPostal = (t: TestApp, token: string) =>
    twinCall(t.app, token, '/country/v1/postal/validate', defaultSample('postal-validate'));

  it('a fault set on A is listed and applied by B; a token issued by B after "token expired" passes on A', async () => {
    const { a, b } = apps;
    const old = await simToken(a);
    const set = await api(a, 'PUT', '/faults/postal-validate', { status: 503 });
    expect((await api(b, 'GET', '/faults')).json()).toEqual({ faults: [set.json()] });
    const res = await simPostal(b, old);
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-sim-fault']).toBe('status=503');

    await api(b, 'PUT', '/faults/postal-validate', { tokenExpired: true });
    expect((await simPostal(a, old)).statusCode).toBe(401);
    const fresh = await simToken(b);
    expect((await simPostal(a, fresh)).statusCode).toBe(200);
    expect((await simPostal(a, old)).statusCode).toBe(401);
    await api(a, 'DELETE', '/faults/postal-validate');
    expect((await api(b, 'GET', '/faults')).json()).toEqual({ faults: [] });
    expect((await simPostal(b, old)).statusCode).toBe(200);
  });
});
