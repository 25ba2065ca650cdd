import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS } from '@lab/core/carrier';
import { buildTestApp, dialectsFor, type TestApp } from '../test/helpers.js';

interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string }[];
  bodyProps: string[];
}

/** Every operation of our own OpenAPI document (the API and the public receivers). */
function operations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    if (!path.startsWith('/lab/api/') && !path.startsWith('/lab/hooks/')) continue;
    for (const [method, op] of Object.entries(byMethod)) {
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: any) => ({ in: p.in, name: p.name })),
        bodyProps: Object.keys(json?.properties ?? {}),
      });
    }
  }
  return ops;
}

/** Values people and scripts send that are plausible for some route (so validation is passed now and then). */
const plausible = fc.constantFrom(
  '8dpmm',
  '24dpmm',
  '4x6',
  '0',
  '1',
  'webhooktest',
  'default',
  'RC',
  '020',
  '12',
  'US',
);
/** A value the route's own validation accepts for this path parameter, so the body and headers are reached. */
const validParam: Record<string, string[]> = {
  dpmm: ['8dpmm', '12dpmm'],
  size: ['4x6', '2x1'],
  index: ['0', '1'],
  channel: ['webhooktest', 'fuzz'],
  id: ['1', '12'],
};
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '\uFFFF',
    '\uD800',
    '1e308',
    '-1',
    'NaN',
    '9'.repeat(400),
  ),
);
const hugeNumber = fc.constantFrom(
  '1e308',
  '999999999999999999999999999999999999',
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53 + 1,
  -0,
  1e-320,
);
const anyValue = fc.oneof(
  hostileText,
  hugeNumber,
  hugeNumber,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

const bodyOf = (props: string[]) =>
  fc.oneof(
    fc.constant<Buffer | undefined>(undefined),
    fc.constant(Buffer.alloc(0)),
    hostileText.map((s) => Buffer.from(s, 'utf8')),
    fc
      .constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"__proto__":{"x":1}}', '{"a":1}{')
      .map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), // invalid UTF-8 in JSON
    fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
    fc
      .dictionary(fc.constantFrom(...props, 'x', 'ids', 'q', 'length'), anyValue, { maxKeys: 6 })
      .map((o) => Buffer.from(JSON.stringify(o))),
  );

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  'garbage',
  'application/json; charset=utf-8',
);
const contentEncoding = fc.constantFrom(undefined, undefined, undefined, 'gzip', 'bogus', 'br', 'deflate', 'identity');
const accept = fc.constantFrom(undefined, 'application/json', 'application/pdf', 'image/png', 'text/html', 'x/y;q=abc');

const requestOf = (op: Operation) =>
  fc.record({
    pathValues: fc.tuple(
      ...op.params
        .filter((p) => p.in === 'path')
        .map((p) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...(validParam[p.name] ?? ['1'])) },
            { weight: 1, arbitrary: fc.oneof(plausible, hostileText) },
          ),
        ),
    ),
    query: fc.array(
      fc.tuple(
        fc.constantFrom(...op.params.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
        fc.oneof(plausible, hostileText),
      ),
      {
        maxLength: 4,
      },
    ),
    body: bodyOf(op.bodyProps),
    contentType,
    contentEncoding,
    gzipped: fc.boolean(),
    accept,
    requestId: fc.oneof(fc.constant(undefined), plausible, hostileText),
  });

/** The gateway's forwarding routes, whose 4xx may be the upstream's own answer. */
const passesUpstreamErrors = (op: Operation) =>
  op.path.startsWith('/lab/api/carrier/') || op.path.startsWith('/lab/api/stratus/');

/** Percent-encodes every byte of the UTF-8 text (lone surrogates become U+FFFD, as a browser sends them). */
const enc = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

// Dialect-sensitive: bad input reaches repositories, and the dialects refuse different values
// (PostgreSQL: NUL in text, integers out of range; SQLite takes them): a 5xx can hide in either.
describe.each(dialectsFor('dialect-sensitive'))('no route answers 5xx to bad input (%s)', (dialect) => {
  let t: TestApp;
  let ops: Operation[];
  let webDist: string;

  beforeAll(async () => {
    // A built web app (one page), as in production: a browser navigation under /lab/api that no
    // route takes gets the app (200), not the "not built" 503 of a test tree without a build.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-fuzz-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    t = await buildTestApp(dialect, { labelWorkers: 1, webDistDir: webDist });
    // Listening, so the gateway's routes reach their default upstreams (the built-in simulators,
    // over HTTP) and the fuzz covers those too; unlistened, every gateway call would be a 502.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ops = operations((await t.app.inject({ method: 'GET', url: '/lab/api/openapi.json' })).json());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('covers every operation of the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(25);
  });

  it('answers every malformed request with a 4xx JSON message, never a 5xx', async () => {
    const sse = (op: Operation) => op.path === '/lab/api/realtime';
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ops.filter((op) => !sse(op))).chain((op) => requestOf(op).map((r) => ({ op, r }))),
        async ({ op, r }) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => enc(r.pathValues[i++] ?? ''));
          const qs = r.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
          const headers: Record<string, string> = {};
          if (r.contentType) headers['content-type'] = r.contentType;
          if (r.contentEncoding) headers['content-encoding'] = r.contentEncoding;
          if (r.accept) headers.accept = r.accept;
          if (r.requestId !== undefined) headers['x-request-id'] = r.requestId;
          const payload = r.body && r.contentEncoding === 'gzip' && r.gzipped ? gzipSync(r.body) : r.body;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: qs ? `${path}?${qs}` : path,
            headers,
            ...(payload !== undefined && op.method !== 'GET' ? { payload } : {}),
          });
          expect(res.statusCode, `${op.method} ${path} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          // A browser navigation (GET accepting HTML) to a path no route answers gets the app's
          // not-found page with its 404 (http/web.ts); every other 4xx is a JSON message.
          const navigation = op.method === 'GET' && (r.accept ?? '').includes('text/html');
          if (res.statusCode === 404 && navigation && /^text\/html/.test(String(res.headers['content-type']))) return;
          if (res.statusCode >= 400) {
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            const body = res.json();
            // The gateway passes an upstream's own 4xx through with its body (issue 12): the carrier's
            // `errors[].message`, Stratus's `Message` or OAuth's `error_description`. Everything
            // else answers our `{message}`.
            const upstreamMessage = passesUpstreamErrors(op)
              ? (body.errors?.[0]?.message ?? body.Message ?? body.error_description)
              : undefined;
            expect(typeof (body.message ?? body.msg ?? upstreamMessage)).toBe('string');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** JSON nested `depth` deep, as arrays or objects. */
const deepJson = (depth: number, kind: 'array' | 'object') =>
  Buffer.from(
    kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Multipart bodies that are broken in the ways clients break them (boundary `xyz`). */
const MALFORMED_MULTIPART = [
  '--xyz\r\nContent-Disposition: form-data; name="document"\r\n\r\n{"a":1}', // no closing boundary
  '--xyz\r\n\r\n{"a":1}\r\n--xyz--\r\n', // a part without headers
  '--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n', // no name
  '--xyz\r\nContent-Disposition: form-data; name="document"; filename="d.json"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--xyz--\r\n', // document sent as a file
  '--xyz\r\nContent-Disposition: form-data; name="attachment"\r\n\r\nnot a file\r\n--xyz--\r\n', // attachment as a field
  `--xyz\r\nContent-Disposition: form-data; name="document"\r\n\r\n${'['.repeat(10_000)}\r\n--xyz--\r\n`, // deep document
  '--other\r\nContent-Disposition: form-data; name="document"\r\n\r\n{}\r\n--other--\r\n', // another boundary
  '--xyz--\r\n', // no parts
  `--xyz\r\nContent-Disposition: form-data; name="${'n'.repeat(5000)}"\r\n\r\nx\r\n--xyz--\r\n`, // huge name
  '--xyz\r\nContent-Disposition: form-data; name="attachment"; filename="a.pdf"\r\n\r\n%PDF\r\n--xyz\r\nContent-Disposition: form-data; name="attachment"; filename="b.pdf"\r\n\r\n%PDF\r\n--xyz--\r\n', // two files
].map((s) => Buffer.from(s));

describe('no simulator endpoint answers 5xx to bad input', () => {
  let t: TestApp;
  let token: string;
  let stratusToken: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { labelWorkers: 1, openApiRecheckMs: 0 }, { imported: true });
    const carrier = await t.app.inject({
      method: 'POST',
      url: '/lab/sim/carrier/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=fuzz&client_secret=fuzz',
    });
    token = carrier.json().access_token;
    const stratus = await t.app.inject({
      method: 'POST',
      url: '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
      headers: { authorization: `Basic ${Buffer.from('fuzz:fuzz').toString('base64')}` },
    });
    stratusToken = stratus.json().access_token;
  });
  afterAll(() => t.close());

  const endpoints = () => [
    ...CARRIER_ENDPOINTS.map((e) => ({
      method: e.method,
      url: `${e.host === 'documents' ? '/lab/sim/carrier-documents' : '/lab/sim/carrier'}${e.path.replace(/\{[^}]+\}/g, '1')}`,
      auth: `Bearer ${token}`,
    })),
    { method: 'POST', url: '/lab/sim/carrier/oauth/token', auth: '' },
    { method: 'POST', url: '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob', auth: '' },
    { method: 'POST', url: '/lab/sim/stratus/stratus/v1/order', auth: `Bearer ${stratusToken}` },
    { method: 'GET', url: '/lab/sim/stratus/stratus/v1/greet', auth: `Bearer ${stratusToken}` },
  ];

  /** The message of a simulator's 4xx in whichever shape the simulated service uses. */
  const messageOf = (body: any) => body.errors?.[0]?.message ?? body.Message ?? body.error_description ?? body.message;

  it('answers JSON nested 10,000 deep with a 4xx in the service’s own error shape', async () => {
    for (const e of endpoints()) {
      for (const kind of ['array', 'object'] as const) {
        const res = await t.app.inject({
          method: e.method as 'POST',
          url: e.url,
          headers: { 'content-type': 'application/json', ...(e.auth ? { authorization: e.auth } : {}) },
          payload: deepJson(10_000, kind),
        });
        expect(res.statusCode, `${e.method} ${e.url} ${kind} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof messageOf(res.json()), `${e.method} ${e.url}`).toBe('string');
      }
    }
  });

  it('answers malformed multipart on the document uploads with a 4xx, never a 5xx', async () => {
    const uploads = endpoints().filter((e) => e.url.startsWith('/lab/sim/carrier-documents'));
    expect(uploads.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...uploads),
        fc.oneof(
          fc.constantFrom(...MALFORMED_MULTIPART),
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
        ),
        fc.constantFrom('multipart/form-data; boundary=xyz', 'multipart/form-data', 'multipart/form-data; boundary='),
        async (e, payload, type) => {
          const res = await t.app.inject({
            method: 'POST',
            url: e.url,
            headers: { 'content-type': type, authorization: e.auth },
            payload,
          });
          expect(
            res.statusCode,
            `${e.url} ${payload.toString().slice(0, 80)} → ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(typeof messageOf(res.json())).toBe('string');
        },
      ),
      { numRuns: 120 },
    );
  });
});
