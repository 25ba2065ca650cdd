import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webhookSignature, webhookSignatureVectors } from '@lab/core/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { suiteApp } from '../../test/suiteFixtures.js';
import { referenceDir } from '../../paths.js';
import { openSse } from '../../test/sseReader.js';
import { ENVELOPE_SCHEMA_NAME } from './payloadSchemas.js';

const trackingOpenApi = path.join(referenceDir, 'carrier-openapi/track--TrackingNumbers-Resource.json');
const TOKEN = 'Ab3dEfGh1jKlMn0pQrStUvWx9';

const envelope = (transactionId: string, extra = '') =>
  `{ "outputMetaData" : [ { "transactionId":"${transactionId}", "timestamp":"2026-11-22T01:02:03.456Z" } ],\n  "output": {"x": 1.50}${extra} }`;

describe('webhookSignature agrees with node:crypto', () => {
  it.each(webhookSignatureVectors.map((v, i) => [i, v] as const))('vector %i', async (_i, v) => {
    const node = createHmac('sha256', v.token).update(v.body).digest('hex');
    expect(node).toBe(v.hex);
    expect(await webhookSignature(v.body, v.token)).toBe(node);
  });
});

// Dialect-sensitive: the receiver's storage and queries, and live events over the bus.
describe.each(dialectsFor('dialect-sensitive'))('webhooks on %s', (dialect) => {
  let t: TestApp;
  const post = (channel: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/lab/hooks/fdx/${channel}`, payload: body, headers });

  beforeAll(async () => {
    // At debug level the app logs each prune ('pruned old webhooks'): the paging test waits for it.
    t = await buildTestApp(
      dialect,
      { webhookSchemaOpenapiFile: trackingOpenApi, webhookRetentionPerChannel: 5 },
      { env: { LOG_LEVEL: 'debug' } },
    );
  });
  afterAll(async () => t.close());

  it('stores a JSON body byte for byte with headers and list fields, after the commit answers 200', async () => {
    const body = envelope('tx-001');
    const signature = createHmac('sha256', TOKEN).update(body).digest('hex');
    const res = await post('bytes', body, { 'content-type': 'application/json', 'x-fedex-signature': signature });
    expect(res.statusCode).toBe(200);
    const { received, id } = res.json();
    expect(received).toBe(true);
    expect(Number.isInteger(id)).toBe(true);

    const detail = (await t.app.inject(`/lab/api/webhooks/bytes/${id}`)).json();
    expect(detail.body).toBe(body);
    expect(Buffer.from(detail.bodyBase64, 'base64').equals(Buffer.from(body))).toBe(true);
    expect(detail).toMatchObject({
      id,
      channel: 'bytes',
      method: 'POST',
      path: '/lab/hooks/fdx/bytes',
      query: '',
      signature,
      transactionId: 'tx-001',
      timestamp: '2026-11-22T01:02:03.456Z',
      isJson: true,
      size: Buffer.byteLength(body),
      contentType: 'application/json',
    });
    expect(detail.headers['x-fedex-signature']).toBe(signature);
    expect(detail.sourceIp).toBeTruthy();
    expect(new Date(detail.receivedAt).toISOString()).toBe(detail.receivedAt);
    expect(await webhookSignature(Buffer.from(detail.bodyBase64, 'base64'), TOKEN)).toBe(signature);
  });

  it('stores non-JSON and non-UTF-8 bodies, flagged, never refused', async () => {
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28, 0x0a, 0x80]);
    const cases: [Buffer | string, Record<string, string>][] = [
      [binary, { 'content-type': 'application/octet-stream' }],
      ['<script>alert(1)</script>', { 'content-type': 'text/html' }],
      ['{"broken": ', { 'content-type': 'application/json' }],
      ['not json, no type', {}],
      [Buffer.from('\ufeff{"bom":true}'), { 'content-type': 'application/json; charset=utf-8' }],
    ];
    for (const [body, headers] of cases) {
      const res = await post('bytes', body, headers);
      expect(res.statusCode, String(body)).toBe(200);
      const detail = (await t.app.inject(`/lab/api/webhooks/bytes/${res.json().id}`)).json();
      expect(Buffer.from(detail.bodyBase64, 'base64').equals(Buffer.from(body))).toBe(true);
      expect(detail.isJson).toBe(body.toString().includes('bom'));
      expect(detail.transactionId).toBeNull();
    }
  });

  it('accepts an empty body and keeps the query string', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/lab/hooks/fdx/bytes?a=1&b=%20x' });
    expect(res.statusCode).toBe(200);
    const detail = (await t.app.inject(`/lab/api/webhooks/bytes/${res.json().id}`)).json();
    expect(detail).toMatchObject({
      body: '',
      size: 0,
      isJson: false,
      query: 'a=1&b=%20x',
      path: '/lab/hooks/fdx/bytes',
    });
  });

  it('receives on the default channel webhooktest', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/lab/hooks/fdx', payload: envelope('tx-default') });
    expect(res.statusCode).toBe(200);
    const list = (await t.app.inject('/lab/api/webhooks/webhooktest')).json();
    expect(list.items[0]).toMatchObject({ id: res.json().id, transactionId: 'tx-default', path: '/lab/hooks/fdx' });
  });

  it('refuses bad channels and ids with 400 messages', async () => {
    const res = await post('Bad_Channel', '{}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'params.channel: a channel is 1 to 40 lower-case letters, digits or dashes',
    });
    expect((await post('a'.repeat(41), '{}')).statusCode).toBe(400);
    const bad = await t.app.inject('/lab/api/webhooks/ok/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^params\.id: /);
    expect((await t.app.inject('/lab/api/webhooks/ok?size=101')).json()).toEqual({
      message: 'querystring.size: size is at most 100',
    });
  });

  it('answers 413 with a message over the body limit', async () => {
    const res = await post('big', Buffer.alloc(1024 * 1024 + 1, 0x61), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Payload too large: the limit is 1048576 bytes' });
    expect((await post('big', Buffer.alloc(1024 * 1024, 0x61), { 'content-type': 'text/plain' })).statusCode).toBe(200);
  });

  it('lists newest first with paging and keeps only the newest N per channel', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 8; i++) ids.push((await post('paging', envelope(`tx-${i}`))).json().id);
    const page1 = (await t.app.inject('/lab/api/webhooks/paging?page=1&size=3')).json();
    expect(page1.items.map((r: { id: number }) => r.id)).toEqual(ids.slice(-3).reverse());
    expect(page1.items[0]).toMatchObject({
      transactionId: 'tx-8',
      timestamp: '2026-11-22T01:02:03.456Z',
      isJson: true,
    });
    // Retention is 5 in this app: the background pruner removes the three oldest (in one run, or
    // several if the inserts straddle its timer) and logs each run once its DELETE is done.
    const pruned = (lines: readonly Record<string, unknown>[]) =>
      lines
        .filter((l) => l.msg === 'pruned old webhooks' && l.channel === 'paging')
        .reduce((n, l) => n + (l.removed as number), 0);
    await t.logs.until((lines) => pruned(lines) >= 3);
    expect(pruned(t.logs.lines)).toBe(3);
    const all = (await t.app.inject('/lab/api/webhooks/paging')).json();
    expect(all.total).toBe(5);
    expect(all.items.map((r: { id: number }) => r.id)).toEqual(ids.slice(-5).reverse());
    expect((await t.app.inject('/lab/api/webhooks/paging?page=2&size=3')).json()).toMatchObject({
      page: 2,
      size: 3,
      total: 5,
    });
  });

  it('deletes one or all, and answers 404 for unknown ids', async () => {
    const a = (await post('del', '{}')).json().id;
    const b = (await post('del', '{}')).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/lab/api/webhooks/del/${a}` })).json()).toEqual({
      deleted: 1,
    });
    const gone = await t.app.inject(`/lab/api/webhooks/del/${a}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: `No webhook ${a} on channel del` });
    expect((await t.app.inject({ method: 'DELETE', url: `/lab/api/webhooks/del/${a}` })).statusCode).toBe(404);
    expect((await t.app.inject(`/lab/api/webhooks/other/${b}`)).statusCode).toBe(404);
    await post('del', '{}');
    expect((await t.app.inject({ method: 'DELETE', url: '/lab/api/webhooks/del' })).json()).toEqual({ deleted: 2 });
    expect((await t.app.inject('/lab/api/webhooks/del')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('publishes a small summary on webhooks/{channel}, even for huge headers and bodies', async () => {
    let off = () => {};
    const published = new Promise<Record<string, unknown>>((resolve) => {
      off = t.app.bus.subscribe('webhooks/live', (data) => resolve(data as Record<string, unknown>));
    });
    const res = await post('live', Buffer.alloc(512 * 1024, 0x20), { 'x-fedex-signature': 'f'.repeat(6000) });
    expect(res.statusCode).toBe(200);
    const event = await published;
    off();
    expect(event).toMatchObject({
      type: 'received',
      id: res.json().id,
      channel: 'live',
      path: '/lab/hooks/fdx/live',
      size: 512 * 1024,
    });
    expect(String(event.signature)).toHaveLength(200);
    expect(JSON.stringify(event).length).toBeLessThan(1500);
    expect(Object.keys(event).sort()).toEqual(
      [
        'channel',
        'id',
        'isJson',
        'path',
        'receivedAt',
        'signature',
        'size',
        'timestamp',
        'transactionId',
        'type',
      ].sort(),
    );
  });

  it('serves the schema map: envelope first, then the tracking OpenAPI schemas with resolvable refs', async () => {
    const res = await t.app.inject('/lab/api/webhooks/schemas');
    expect(res.statusCode).toBe(200);
    const map = res.json() as Record<string, Record<string, any>>;
    const names = Object.keys(map);
    expect(names[0]).toBe(ENVELOPE_SCHEMA_NAME);
    expect(map[ENVELOPE_SCHEMA_NAME]!.properties.outputMetaData.items.properties.transactionId.type).toBe('string');
    expect(names).toContain('TrackingNumbersResponse');
    expect(names).toContain('ScanEvent');
    const text = JSON.stringify(map);
    expect(text).not.toContain('#/components/schemas/');
    for (const [name, schema] of Object.entries(map)) {
      for (const ref of JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
        expect(schema.$defs?.[ref[1]!], `${name} → ${ref[1]}`).toBeDefined();
      }
    }
    const doc = (await t.app.inject('/lab/api/openapi.json')).json();
    expect(doc.paths['/lab/hooks/fdx/{channel}'].post).toBeDefined();
    expect(doc.paths['/lab/api/webhooks/{channel}/{id}'].get).toBeDefined();
  });

  it('streams received payloads to SSE viewers', async () => {
    const base = await listenLoopback(t.app);
    const sse = await openSse(`${base}/lab/api/realtime?topics=webhooks/sse`);
    try {
      const res = await fetch(`${base}/lab/hooks/fdx/sse`, {
        method: 'POST',
        body: envelope('tx-sse'),
      });
      const { id } = (await res.json()) as { id: number };
      const event = await sse.next((e) => e.data.id === id);
      expect(event).toMatchObject({ topic: 'webhooks/sse', data: { type: 'received', transactionId: 'tx-sse' } });
    } finally {
      sse.close();
    }
  });
});

describe('webhook rate limit', () => {
  const t = suiteApp('sqlite', { webhookRateLimitPerMinute: 3 });

  it('answers 429 with a message per source address', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/lab/hooks/fdx/rl', payload: '{}', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const limited = await from('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Rate limit exceeded, retry in /);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('10.0.0.2')).statusCode).toBe(200);
    // The API is not limited by the receiver's budget.
    expect((await t.app.inject({ url: '/lab/api/webhooks/rl', remoteAddress: '10.0.0.1' })).json().total).toBe(4);
  });
});

describe('the screen at /lab/api/fdxwebhook', () => {
  it('is served to browser navigations, while API clients still get JSON 404s', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    const t = await buildTestApp('sqlite', { webDistDir: web });
    try {
      const page = await t.app.inject({ url: '/lab/api/fdxwebhook?channel=x', headers: { accept: 'text/html,*/*' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Shipping Lab</title>');
      const api = await t.app.inject({ url: '/lab/api/fdxwebhook', headers: { accept: 'application/json' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Route GET:/lab/api/fdxwebhook not found' });
      expect(
        (await t.app.inject({ url: '/lab/api/webhooks/x', headers: { accept: 'text/html' } })).json(),
      ).toMatchObject({ total: 0 });
    } finally {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
