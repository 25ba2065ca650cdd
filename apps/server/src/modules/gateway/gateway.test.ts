import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { closedPort, listenLoopback, rawRequest, standInServer } from '../../test/http.js';

type StandIn = Awaited<ReturnType<typeof standInServer>>;

/** The stand-in carrier: echoes what it received, or misbehaves on chosen paths. */
function carrierStandIn(trapBase: () => string) {
  return standInServer((req, res) => {
    const path = req.url.split('?')[0];
    if (path === '/track/v1/trackingnumbers') return; // stalls: never answers
    if (path === '/track/v1/tcn') {
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"partial":'); // then stalls
      return;
    }
    if (path === '/rate/v1/rates/quotes') {
      res.writeHead(302, { location: `${trapBase()}/stolen` }).end();
      return;
    }
    if (path === '/location/v1/locations') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(200_000)}"`);
      return;
    }
    if (path === '/ship/v1/shipments/cancel') {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"errors":[{"code":"SHIPMENT.CANCEL.ERROR","message":"already cancelled"}]}');
      return;
    }
    if (path === '/oauth/token') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"access_token":"PLANTED-ACCESS-TOKEN-42","token_type":"bearer","expires_in":3600}');
      return;
    }
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'session=upstream',
        connection: 'x-hop-header',
        'x-hop-header': 'hop',
        'keep-alive': 'timeout=99',
        'proxy-authenticate': 'Basic',
        'x-sim-warning': 'totalWeight treated as optional',
      })
      .end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: req.body.toString('utf8'),
        }),
      );
  });
}

// Dialect-neutral: the gateway's only SQL is the OpenAPI store's operation index (openapi suite, both dialects).
describe.each(dialectsFor('dialect-neutral'))('gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let carrier: StandIn;
  let documents: StandIn;
  let trap: StandIn;
  let deadPort: number;

  beforeAll(async () => {
    trap = await standInServer((_req, res) => res.end('trap'));
    carrier = await carrierStandIn(() => trap.base);
    documents = await standInServer((req, res) =>
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end('{"output":{"meta":{"docId":"090493e181586308"}}}'),
    );
    deadPort = await closedPort();
    t = await buildTestApp(dialect, {
      gatewayUpstreams: {
        carrierSandbox: carrier.base,
        carrierProduction: `http://127.0.0.1:${deadPort}`,
        carrierDocumentsSandbox: `${documents.base}/docs`,
        carrierDocumentsProduction: undefined,
        stratus: undefined,
      },
      gatewayCarrierTimeoutMs: 300,
      gatewayResponseLimitBytes: 100_000,
      gatewayUploadLimitBytes: 64 * 1024,
    });
    base = await listenLoopback(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([carrier?.close(), documents?.close(), trap?.close()]);
  });

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  it('forwards a catalogue call with allowlisted request headers only and filters the answer’s', async () => {
    const res = await rawRequest(
      base,
      'POST',
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      json(
        { requestedShipment: { shipper: {} } },
        {
          'x-upstream-authorization': 'Bearer abc',
          accept: 'application/json',
          'x-customer-transaction-id': 'sandbox-ship-1',
          'x-locale': 'en_US',
          cookie: 'lab_session=secret',
          'x-forwarded-for': '10.0.0.1',
          'x-custom': 'nope',
          origin: 'http://evil.example',
        },
      ),
    );
    expect(res.status).toBe(200);
    const seen = res.json();
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/ship/v1/shipments');
    expect(seen.body).toBe('{"requestedShipment":{"shipper":{}}}');
    expect(seen.headers).toMatchObject({
      authorization: 'Bearer abc',
      accept: 'application/json',
      'content-type': 'application/json',
      'x-customer-transaction-id': 'sandbox-ship-1',
      'x-locale': 'en_US',
    });
    for (const h of ['cookie', 'x-forwarded-for', 'x-custom', 'origin']) expect(seen.headers).not.toHaveProperty(h);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-hop-header']).toBeUndefined();
    expect(res.headers['proxy-authenticate']).toBeUndefined();
    expect(res.headers['keep-alive'] ?? '').not.toContain('99');
    expect(res.headers['x-sim-warning']).toBe('totalWeight treated as optional');
    expect(res.headers['server-timing']).toMatch(/^upstream;dur=\d+(\.\d+)?$/);
  });

  it('forwards PUT catalogue paths with path parameters and trailing slashes', async () => {
    const tag = await rawRequest(
      base,
      'PUT',
      '/lab/api/carrier/sandbox/ship/v1/shipments/tag/cancel/794953535000',
      json({}),
    );
    expect(tag.status).toBe(200);
    expect(tag.json().url).toBe('/ship/v1/shipments/tag/cancel/794953535000');
    const open = await rawRequest(base, 'PUT', '/lab/api/carrier/sandbox/ship/v1/openshipments/', json({}));
    expect(open.json().url).toBe('/ship/v1/openshipments/');
  });

  it('forwards the OAuth token form as is', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=id1&client_secret=s1',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ access_token: 'PLANTED-ACCESS-TOKEN-42', expires_in: 3600 });
    const got = carrier.requests.at(-1)!;
    expect(got.url).toBe('/oauth/token');
    expect(got.body.toString()).toBe('grant_type=client_credentials&client_id=id1&client_secret=s1');
  });

  it('forwards no path outside the catalogue', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/imported/v1/op', json({}));
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'POST /imported/v1/op is not a carrier endpoint the gateway forwards' });
  });

  it('passes the upstream’s own 4xx through with its body', async () => {
    const res = await rawRequest(base, 'PUT', '/lab/api/carrier/sandbox/ship/v1/shipments/cancel', json({}));
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ errors: [{ code: 'SHIPMENT.CANCEL.ERROR', message: 'already cancelled' }] });
    expect(res.headers['server-timing']).toMatch(/^upstream;dur=/);
  });

  const refusals: [string, string, number, string][] = [
    ['POST', '/lab/api/carrier/sandbox/http://evil.example/ship/v1/shipments', 400, 'absolute URLs are not allowed'],
    [
      'POST',
      '/lab/api/carrier/sandbox//evil.example/ship/v1/shipments',
      400,
      'empty path segments (//) are not allowed',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/ship/v1/../../admin/v1/shipments',
      400,
      '. and .. segments are not allowed in the path',
    ],
    ['POST', '/lab/api/carrier/sandbox/ship/v1/./shipments', 400, '. and .. segments are not allowed in the path'],
    [
      'POST',
      '/lab/api/carrier/sandbox/ship%2Fv1/shipments',
      400,
      'percent-encoded characters (such as %2F) are not allowed in the path',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/ship/v1/%2e%2e/shipments',
      400,
      'percent-encoded characters (such as %2F) are not allowed in the path',
    ],
    ['POST', '/lab/api/carrier/sandbox/@evil.example/ship/v1/shipments', 400, '@ is not allowed in the path'],
    ['POST', '/lab/api/carrier/sandbox/ship/v1/shipments@evil.example', 400, '@ is not allowed in the path'],
    ['POST', '/lab/api/carrier/sandbox/ship\\v1/shipments', 400, 'backslashes are not allowed in the path'],
    [
      'POST',
      '/lab/api/carrier/sandbox/admin/v1/secrets',
      404,
      'POST /admin/v1/secrets is not a carrier endpoint the gateway forwards',
    ],
    [
      'PUT',
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      404,
      'PUT /ship/v1/shipments is not a carrier endpoint the gateway forwards',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/rate/v1/freight/rates/quotes',
      404,
      'POST /rate/v1/freight/rates/quotes is not a carrier endpoint the gateway forwards',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/ship/v1/shipments/',
      404,
      'POST /ship/v1/shipments/ is not a carrier endpoint the gateway forwards',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/imported/v1/op/extra',
      404,
      'POST /imported/v1/op/extra is not a carrier endpoint the gateway forwards',
    ],
    [
      'POST',
      '/lab/api/carrier/staging/ship/v1/shipments',
      404,
      'unknown carrier environment "staging": use sandbox or production',
    ],
    ['POST', '/lab/api/carrier/sandbo%78/ship/v1/shipments', 400, 'the environment must be written plainly'],
    [
      'POST',
      '/lab/api/carrier/staging/oauth/token',
      404,
      'unknown carrier environment "staging": use sandbox or production',
    ],
    [
      'POST',
      '/lab/api/carrier/staging/documents/v1/etds/upload',
      404,
      'unknown carrier environment "staging": use sandbox or production',
    ],
    [
      'GET',
      '/lab/api/carrier/staging/labels/794953535000.pdf',
      404,
      'unknown carrier environment "staging": use sandbox or production',
    ],
    [
      'GET',
      '/lab/api/carrier/sandbox/labels/794953535000.pdf',
      404,
      'no label 794953535000.pdf here: labels are served for the built-in simulator only',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/documents/v1/unknown/upload',
      404,
      'POST /documents/v1/unknown/upload is not a carrier endpoint the gateway forwards',
    ],
    [
      'POST',
      '/lab/api/carrier/sandbox/documents/../ship/v1/shipments',
      400,
      '. and .. segments are not allowed in the path',
    ],
    [
      'GET',
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      404,
      'Route GET:/lab/api/carrier/sandbox/ship/v1/shipments not found',
    ],
    [
      'DELETE',
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      404,
      'Route DELETE:/lab/api/carrier/sandbox/ship/v1/shipments not found',
    ],
  ];

  it.each(refusals)('refuses %s %s → %i', async (method, url, status, message) => {
    const before = carrier.requests.length + documents.requests.length + trap.requests.length;
    const res = await rawRequest(base, method, url, method === 'GET' || method === 'DELETE' ? {} : json({}));
    expect(res.status).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The gateway's own refusals (not the router's 404 for a method it has no route for) time no upstream.
    if (!message.startsWith('Route ')) expect(res.headers['server-timing']).toBe('upstream;dur=0');
    expect(carrier.requests.length + documents.requests.length + trap.requests.length).toBe(before);
  });

  it('answers Server-Timing on refusals too', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/admin/v1/secrets', json({}));
    expect(res.headers['server-timing']).toBe('upstream;dur=0');
  });

  it('does not follow redirects', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/rate/v1/rates/quotes', json({}));
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({
      message: 'upstream carrier sandbox answered a redirect (302); the gateway does not follow redirects',
    });
    expect(res.headers.location).toBeUndefined();
    expect(trap.requests).toHaveLength(0);
  });

  it('answers 504 when the upstream stalls past the configured timeout', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/track/v1/trackingnumbers', json({}));
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      message: `upstream carrier sandbox (${carrier.base}) did not answer in time (total deadline, 300 ms)`,
    });
    expect(res.headers['server-timing']).toMatch(/^upstream;dur=\d/);
  });

  it('answers 504 when the upstream stalls in the middle of its body', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/track/v1/tcn', json({}));
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      message: `upstream carrier sandbox (${carrier.base}) did not answer in time (total deadline, 300 ms)`,
    });
  });

  it('answers 502 naming the upstream when it is unreachable', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/production/ship/v1/shipments', json({}));
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({
      message: `upstream carrier production (http://127.0.0.1:${deadPort}) is unreachable: ECONNREFUSED`,
    });
  });

  it('answers 502 when the upstream answers more than the response limit', async () => {
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/location/v1/locations', json({}));
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({
      message: `upstream carrier sandbox (${carrier.base}) answered more than the 100000-byte limit`,
    });
  });

  it('streams a multipart trade-document upload to the documents upstream', async () => {
    const attachment = Buffer.from(`%PDF-1.4\n${'0123456789'.repeat(1000)}\n%%EOF`);
    const form = new FormData();
    form.append(
      'document',
      JSON.stringify({ workflowName: 'ETDPreshipment', name: 'invoice.pdf', contentType: 'application/pdf' }),
    );
    form.append('attachment', new Blob([attachment], { type: 'application/pdf' }), 'invoice.pdf');
    const res = await fetch(`${base}/lab/api/carrier/sandbox/documents/v1/etds/upload`, {
      method: 'POST',
      body: form,
      headers: { 'x-upstream-authorization': 'Bearer doc-token', 'x-customer-transaction-id': 'etd-1', cookie: 'c=1' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ output: { meta: { docId: '090493e181586308' } } });
    const got = documents.requests.at(-1)!;
    expect(got.url).toBe('/docs/documents/v1/etds/upload');
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.headers.authorization).toBe('Bearer doc-token');
    expect(got.headers.cookie).toBeUndefined();
    // The parts arrive byte for byte.
    const parsed = await new Response(got.body, {
      headers: { 'content-type': got.headers['content-type']! },
    }).formData();
    expect(JSON.parse(parsed.get('document') as string)).toMatchObject({ workflowName: 'ETDPreshipment' });
    const file = parsed.get('attachment') as File;
    expect(file.name).toBe('invoice.pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(attachment)).toBe(true);
  });

  it('refuses uploads over the limit and non-multipart bodies on documents paths', async () => {
    const form = new FormData();
    form.append('document', '{}');
    form.append('attachment', new Blob([Buffer.alloc(70 * 1024, 1)]), 'big.bin');
    const before = documents.requests.length;
    const big = await fetch(`${base}/lab/api/carrier/sandbox/documents/v1/etds/upload`, { method: 'POST', body: form });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'Payload too large: the upload limit is 65536 bytes' });
    const notMultipart = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/documents/v1/etds/upload', json({}));
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.json()).toEqual({
      message: 'send multipart/form-data with a "document" field and an "attachment" file',
    });
    expect(documents.requests.length).toBe(before);
  });

  it('stops a streamed (chunked) upload at the limit', async () => {
    const before = documents.requests.length;
    const boundary = 'labboundary';
    const body = [
      `--${boundary}\r\ncontent-disposition: form-data; name="document"\r\n\r\n{}\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="attachment"; filename="big.bin"\r\n\r\n`,
      'x'.repeat(100 * 1024),
      `\r\n--${boundary}--\r\n`,
    ].join('');
    const res = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/documents/v1/etds/upload', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ message: 'Payload too large: the upload limit is 65536 bytes' });
    expect(documents.requests.length).toBe(before);
  });

  it('refuses a multipart body on a JSON or form endpoint, the carrier’s and Stratus’s', async () => {
    const form = new FormData();
    form.append('document', '{}');
    for (const path of [
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      '/lab/api/carrier/sandbox/oauth/token',
      '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      '/lab/api/stratus/stratus/v1/order',
    ]) {
      const res = await fetch(`${base}${path}`, { method: 'POST', body: form });
      expect(res.status, path).toBe(415);
      expect(await res.json()).toEqual({ message: 'multipart bodies go to /documents/… paths only' });
      expect(res.headers.get('server-timing')).toBe('upstream;dur=0');
    }
  });

  it('forwards Stratus calls to the built-in simulator over HTTP by default', async () => {
    const basic = `Basic ${Buffer.from('key:secret').toString('base64')}`;
    const token = await rawRequest(
      base,
      'POST',
      '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      {
        headers: { 'x-upstream-authorization': basic, 'x-requested-with': 'XMLHttpRequest' },
      },
    );
    expect(token.status).toBe(200);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3300 });
    expect(token.headers['server-timing']).toMatch(/^upstream;dur=/);
    const badQuery = await rawRequest(
      base,
      'POST',
      '/lab/api/stratus/auth/oauth/v2/token?grant_type=password&scope=oob',
      {
        headers: { 'x-upstream-authorization': basic },
      },
    );
    expect(badQuery.status).toBe(400);
    expect(badQuery.json().message).toMatch(/^querystring\.grant_type: /);
    const badId = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/order/a.b', {});
    expect(badId.status).toBe(400);
    expect(badId.json()).toEqual({ message: 'params.id: an order id is 1-100 letters, digits, - or _' });
  });
});

describe('gateway rate limit and log redaction', () => {
  let t: TestApp;
  let base: string;
  let carrier: StandIn;
  let logFile: string;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-gateway-log-'));
    logFile = path.join(dir, 'server.log');
    carrier = await standInServer((req, res) => {
      res.writeHead(req.url === '/oauth/token' ? 200 : 401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          access_token: 'PLANTED-UPSTREAM-ACCESS-TOKEN',
          nested: { client_secret: 'PLANTED-ECHOED-SECRET', deeper: [{ authorization: 'PLANTED-DEEP-AUTH' }] },
        }),
      );
    });
    t = await buildTestApp(
      'sqlite',
      {
        gatewayUpstreams: {
          carrierSandbox: carrier.base,
          carrierProduction: undefined,
          carrierDocumentsSandbox: undefined,
          carrierDocumentsProduction: undefined,
          stratus: undefined,
        },
        logLevel: 'debug',
      },
      {
        logDestination: pino.destination({ dest: logFile, sync: true }),
        env: { GATEWAY_RATE_LIMIT_PER_MINUTE: '8', LOG_LEVEL: 'debug' },
      },
    );
    base = await listenLoopback(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await carrier?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps planted secrets out of the log file (headers and bodies, both ways)', async () => {
    const token = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic UExBTlRFRC1CQVNJQw==' },
      body: 'grant_type=client_credentials&client_id=PLANTED-CLIENT-ID&client_secret=PLANTED-FORM-SECRET',
    });
    expect(token.status).toBe(200);
    const ship = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
      headers: {
        'content-type': 'application/json',
        'x-upstream-authorization': 'Bearer PLANTED-BEARER-TOKEN',
        'x-api-key': 'PLANTED-API-KEY',
      },
      body: JSON.stringify({
        accountNumber: { value: '1' },
        credentials: { client_secret: 'PLANTED-JSON-SECRET', access_token: 'PLANTED-JSON-TOKEN' },
      }),
    });
    expect(ship.status).toBe(401);
    const stratus = await rawRequest(
      base,
      'POST',
      '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      {
        headers: {
          'x-upstream-authorization': `Basic ${Buffer.from('PLANTED-KEY:PLANTED-STRATUS-SECRET').toString('base64')}`,
        },
      },
    );
    const issued = stratus.json().access_token as string;
    const greet = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/greet', {
      headers: { 'x-upstream-authorization': `Bearer ${issued}`, 'x-api-key': 'PLANTED-STRATUS-API-KEY' },
    });
    expect(greet.status).toBe(200);

    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toContain('gateway request');
    expect(log).toContain('gateway response');
    expect(log).toContain('[redacted]');
    for (const secret of [
      'PLANTED-FORM-SECRET',
      'UExBTlRFRC1CQVNJQw',
      'PLANTED-BEARER-TOKEN',
      'PLANTED-API-KEY',
      'PLANTED-JSON-SECRET',
      'PLANTED-JSON-TOKEN',
      'PLANTED-UPSTREAM-ACCESS-TOKEN',
      'PLANTED-ECHOED-SECRET',
      'PLANTED-DEEP-AUTH',
      Buffer.from('PLANTED-KEY:PLANTED-STRATUS-SECRET').toString('base64'),
      'PLANTED-STRATUS-API-KEY',
      issued,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('limits calls per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/admin/v1/x', { body: '{}' })).status);
    }
    // 4 calls were made by the test above; the limit is 8 per minute.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/admin/v1/x', { body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers['server-timing']).toBe('upstream;dur=0');
  });
});
