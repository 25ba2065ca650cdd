import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import type { AppConfig } from '../../config.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { closedPort, listenLoopback, rawRequest, standInServer } from '../../test/http.js';
import { gatewayClient, gatewayToken, tokenForm } from '../../test/simulators.js';

type Json = Record<string, any>;

const SIM = { openApiRecheckMs: 0, simSeed: 13 } satisfies Partial<AppConfig>;

const carrier = (base: string, token: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(base, 'POST', `/lab/api/carrier/sandbox${path}`, {
    headers: { 'content-type': 'application/json', 'x-upstream-authorization': `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });

const traffic = async (t: TestApp, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/lab/api/simulator/traffic${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Json[]; total: number; maxEntries: number; maxBytes: number };
};

const byCustomerId = (entries: Json[], id: string) =>
  entries.find((e) => e.request.headers['x-customer-transaction-id'] === id);

/** The HAR 1.2 document's required members (http://www.softwareishard.com/blog/har-12-spec/), as JSON Schema. */
const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' } },
};
const HAR_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        pages: { type: 'array' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: { type: 'string' },
              startedDateTime: { type: 'string', format: 'date-time' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string', format: 'uri' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: nameValue },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue },
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: { mimeType: { type: 'string' }, text: { type: 'string' }, params: { type: 'array' } },
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: nameValue },
                  headers: { type: 'array', items: nameValue },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: {
                      size: { type: 'integer' },
                      compression: { type: 'integer' },
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      encoding: { type: 'string' },
                    },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: Object.fromEntries(
                  ['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl'].map((k) => [
                    k,
                    { type: 'number', minimum: -1 },
                  ]),
                ),
              },
            },
          },
        },
      },
    },
  },
};

describe.each(dialectsFor('dialect-neutral'))('traffic log (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => ({ t, base, token } = await gatewayClient(dialect, SIM, { imported: true })));
  afterAll(() => t.close());

  it('records the token call with its secrets redacted as the logs redact them', async () => {
    await gatewayToken(base);
    const { entries } = await traffic(t, '?limit=5');
    const entry = entries.find((e) => e.url === '/lab/sim/carrier/oauth/token')!;
    expect(entry).toMatchObject({
      source: 'carrier-sim',
      environment: 'sandbox',
      endpointId: 'oauth-token',
      method: 'POST',
      status: 200,
      fault: null,
      conformance: { request: null, response: null },
    });
    expect(entry.request.body).toBe('grant_type=client_credentials&client_id=lab-key&client_secret=[redacted]');
    expect(entry.request.size).toBe(tokenForm().length);
    // `token_type` is secret-named to the logger too (SECRET_NAME): redacted alike.
    expect(JSON.parse(entry.response.body)).toEqual({
      access_token: '[redacted]',
      token_type: '[redacted]',
      expires_in: 3600,
      scope: 'CXS',
    });
    expect(entry.request.headers['x-lab-internal-call']).toBeUndefined();
    expect(entry.request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(entry.response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a conforming call: both verdicts ok; a non-conforming request: the issues at their JSON paths', async () => {
    const good = await carrier(base, token, '/country/v1/postal/validate', defaultSample('postal-validate'), {
      'x-customer-transaction-id': 'conforming',
    });
    expect(good.status, good.text).toBe(200);
    const bad = structuredClone(defaultSample('postal-validate')) as Json;
    bad.carrierCode = 'NOPE';
    delete bad.countryCode;
    const refused = await carrier(base, token, '/country/v1/postal/validate', bad, {
      'x-customer-transaction-id': 'not-conforming',
    });
    expect(refused.status).toBe(400);
    const { entries } = await traffic(t, '?limit=10');
    const ok = byCustomerId(entries, 'conforming')!;
    expect(ok.endpointId).toBe('postal-validate');
    expect(ok.request.headers.authorization).toBe('[redacted]');
    expect(ok.conformance).toEqual({ request: { ok: true, issues: [] }, response: { ok: true, issues: [] } });
    const nok = byCustomerId(entries, 'not-conforming')!;
    expect(nok.status).toBe(400);
    // Each with the rule it breaks, which the screen words in the reader's language.
    const issues = [
      {
        path: 'countryCode',
        message: 'countryCode is required.',
        rule: { keyword: 'required', params: { missingProperty: 'countryCode' } },
      },
      {
        path: 'carrierCode',
        message: 'carrierCode must be one of: FDXE, FDXG, FXSP, FDXC, FXCC.',
        rule: { keyword: 'enum', params: { allowedValues: 'FDXE, FDXG, FXSP, FDXC, FXCC' } },
      },
    ];
    expect(nok.conformance.request).toEqual({ ok: false, issues });
    // The same findings the simulator answered with.
    expect(refused.json().errors.map((e: Json) => e.message)).toEqual(issues.map((i) => i.message));
    expect(nok.conformance.response).toEqual({ ok: true, issues: [] });
  });

  it('newest first, limited, validated; published live; cleared', async () => {
    const seen: Json[] = [];
    const unsubscribe = t.app.bus.subscribe(SIMULATOR_TOPICS.traffic, (d) => seen.push(d as Json));
    for (const id of ['first', 'second']) {
      await carrier(base, token, '/country/v1/postal/validate', defaultSample('postal-validate'), {
        'x-customer-transaction-id': id,
      });
    }
    // Published once stored: the read below waits for this process's stores, so both have been heard.
    const { entries, total, maxEntries, maxBytes } = await traffic(t, '?limit=2');
    unsubscribe();
    expect(entries.map((e) => e.request.headers['x-customer-transaction-id'])).toEqual(['second', 'first']);
    expect(Number(entries[0]!.id)).toBeGreaterThan(Number(entries[1]!.id));
    expect(total).toBeGreaterThanOrEqual(2);
    expect([maxEntries, maxBytes]).toEqual([500, 16 * 1024 * 1024]);
    expect(seen.map((s) => s.id)).toEqual([entries[1]!.id, entries[0]!.id]);
    expect(seen[0]).toEqual({
      id: entries[1]!.id,
      startedAt: entries[1]!.startedAt,
      source: 'carrier-sim',
      environment: 'sandbox',
      endpointId: 'postal-validate',
      method: 'POST',
      url: '/lab/sim/carrier/country/v1/postal/validate',
      status: 200,
      durationMs: entries[1]!.durationMs,
      fault: null,
    });
    const bad = await t.app.inject({ method: 'GET', url: '/lab/api/simulator/traffic?limit=0' });
    expect(bad.statusCode).toBe(400);
    const cleared = await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/traffic' });
    expect(cleared.json()).toEqual({ deleted: total });
    expect((await traffic(t)).total).toBe(0);
  });

  it('records the Stratus simulator’s calls; a gateway call to a built-in simulator is logged once, by it', async () => {
    await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/traffic' });
    const res = await rawRequest(
      base,
      'POST',
      '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      { headers: { 'x-upstream-authorization': `Basic ${Buffer.from('key:secret').toString('base64')}` } },
    );
    expect(res.status).toBe(200);
    const { entries } = await traffic(t);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      source: 'stratus-sim',
      environment: null,
      endpointId: null,
      method: 'POST',
      url: '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      status: 200,
      conformance: { request: null, response: null },
    });
    expect(entries[0]!.request.headers.authorization).toBe('[redacted]');
    expect(JSON.parse(entries[0]!.response.body).access_token).toBe('[redacted]');
  });

  it('a compressed reply is recorded as the JSON it was before compression', async () => {
    await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/traffic' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/lab/sim/carrier/rate/v1/rates/quotes',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      payload: defaultSample('rate-quotes') as Json,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const { entries } = await traffic(t);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.endpointId).toBe('rate-quotes');
    expect(JSON.parse(entries[0]!.response.body).output.rateReplyDetails.length).toBeGreaterThan(0);
    expect(entries[0]!.conformance.response).toEqual({ ok: true, issues: [] });
  });

  it('exports HAR 1.2 as a JSON download that fits the HAR schema', async () => {
    await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/traffic' });
    await gatewayToken(base);
    await carrier(base, token, '/country/v1/postal/validate', defaultSample('postal-validate'));
    await carrier(base, token, '/country/v1/postal/validate', defaultSample('postal-validate'), {
      'x-sim-fault': 'status=503',
    });
    const res = await t.app.inject({ method: 'GET', url: '/lab/api/simulator/traffic.har' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="shipping-lab-traffic-\d{8}-\d{6}\.har"$/,
    );
    const har = res.json();
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(HAR_SCHEMA);
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('Shipping Lab');
    const entries = har.log.entries as Json[];
    expect(entries.map((e) => [e.request.method, new URL(e.request.url).pathname, e.response.status])).toEqual([
      ['POST', '/lab/sim/carrier/oauth/token', 200],
      ['POST', '/lab/sim/carrier/country/v1/postal/validate', 200],
      ['POST', '/lab/sim/carrier/country/v1/postal/validate', 503],
    ]);
    expect(entries[0]!.request.postData).toEqual({
      mimeType: 'application/x-www-form-urlencoded',
      text: 'grant_type=client_credentials&client_id=lab-key&client_secret=[redacted]',
    });
    expect(entries[2]!.response.statusText).toBe('Service Unavailable');
    expect(entries[2]!._fault).toBe('status=503');
    expect(entries[2]!.response.content.mimeType).toMatch(/^application\/json/);
    expect(JSON.parse(entries[2]!.response.content.text).errors[0].code).toBe('SERVICE.UNAVAILABLE.ERROR');
    expect(entries[1]!._conformance).toEqual({
      request: { ok: true, issues: [] },
      response: { ok: true, issues: [] },
    });
  });
});

describe.each(dialectsFor('dialect-neutral'))('traffic log bounds and real upstreams (%s)', (dialect) => {
  it('keeps at most TRAFFIC_MAX_ENTRIES entries and cuts bodies at TRAFFIC_MAX_BODY_BYTES', async () => {
    const t = await buildTestApp(dialect, { ...SIM, trafficMaxEntries: 3, trafficMaxBodyBytes: 20 });
    try {
      for (let i = 0; i < 5; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/lab/sim/carrier/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-customer-transaction-id': `n${i}` },
          payload: tokenForm(),
        });
      }
      const { entries, total } = await traffic(t, '?limit=10');
      expect(total).toBe(3);
      expect(entries.map((e) => e.request.headers['x-customer-transaction-id'])).toEqual(['n4', 'n3', 'n2']);
      expect(entries[0]!.request).toMatchObject({
        body: 'grant_type=client_cr',
        size: tokenForm().length,
        truncated: true,
      });
    } finally {
      await t.close();
    }
  });

  it('drops the oldest entries past TRAFFIC_MAX_BYTES', async () => {
    const t = await buildTestApp(dialect, { ...SIM, trafficMaxBytes: 1500 });
    try {
      for (let i = 0; i < 6; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/lab/sim/carrier/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: tokenForm(),
        });
      }
      const { entries, total } = await traffic(t, '?limit=10');
      expect(total).toBeLessThan(6);
      expect(total).toBeGreaterThan(0);
      expect(entries[0]!.id).toBe('6');
    } finally {
      await t.close();
    }
  });

  it('records nothing when TRAFFIC_MAX_ENTRIES is 0', async () => {
    const t = await buildTestApp(dialect, { ...SIM, trafficMaxEntries: 0 });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/lab/sim/carrier/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: tokenForm(),
      });
      expect(await traffic(t)).toEqual({ entries: [], total: 0, maxEntries: 0, maxBytes: 16 * 1024 * 1024 });
    } finally {
      await t.close();
    }
  });

  it('records a gateway call whose real upstream is unreachable, with the gateway’s 502', async () => {
    const port = await closedPort();
    const t = await buildTestApp(dialect, {
      ...SIM,
      gatewayUpstreams: { carrierSandbox: `http://127.0.0.1:${port}` } as never,
    });
    try {
      const res = await rawRequest(await listenLoopback(t.app), 'POST', '/lab/api/carrier/sandbox/oauth/token', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: tokenForm(),
      });
      expect(res.status).toBe(502);
      const { entries } = await traffic(t);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        source: 'gateway',
        environment: 'sandbox',
        endpointId: 'oauth-token',
        url: `http://127.0.0.1:${port}/oauth/token`,
        status: 502,
      });
      expect(entries[0]!.request.body).toBe('grant_type=client_credentials&client_id=lab-key&client_secret=[redacted]');
      expect(JSON.parse(entries[0]!.response.body)).toEqual(res.json());
    } finally {
      await t.close();
    }
  });

  it('records a gateway call to a real upstream, with the reply’s non-conformance at its JSON path', async () => {
    const upstream = await standInServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=s3cret' })
        .end(JSON.stringify({ transactionId: 'tx-1', output: { cityFirstInitials: 7 } }));
    });
    const t = await buildTestApp(
      dialect,
      { ...SIM, gatewayUpstreams: { carrierSandbox: upstream.base } as never },
      { imported: true },
    );
    try {
      const res = await carrier(
        await listenLoopback(t.app),
        'real-token',
        '/country/v1/postal/validate',
        defaultSample('postal-validate'),
      );
      expect(res.status).toBe(200);
      const { entries } = await traffic(t);
      expect(entries).toHaveLength(1);
      const entry = entries[0]!;
      expect(entry).toMatchObject({
        source: 'gateway',
        environment: 'sandbox',
        endpointId: 'postal-validate',
        method: 'POST',
        url: `${upstream.base}/country/v1/postal/validate`,
        status: 200,
        fault: null,
      });
      expect(entry.request.headers.authorization).toBe('[redacted]');
      expect(entry.response.headers['set-cookie']).toBe('[redacted]');
      expect(entry.conformance.request).toEqual({ ok: true, issues: [] });
      expect(entry.conformance.response.ok).toBe(false);
      expect(entry.conformance.response.issues).toContainEqual({
        path: 'output.cityFirstInitials',
        message: 'output.cityFirstInitials must be string',
        rule: { keyword: 'type', params: { type: 'string' } },
      });
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});
