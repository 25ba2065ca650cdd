import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { WebhookDetail } from '@lab/core/contract';
import { checkDeliverySignature, webhookSignature } from '@lab/core/webhooks';
import { buildLabApp, buildTestApp, LogCapture, dialectsFor, type TestApp } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { rowFromRequest } from './service.js';
import { WebhookRepo } from './repo.js';

const envelope = '{"outputMetaData":[{"transactionId":"tx-gz","timestamp":"2026-11-22T01:02:03.456Z"}]}';

// Dialect-sensitive: storage, retention and binary bodies (bytea/blob).
describe.each(dialectsFor('dialect-sensitive'))('webhook storage on %s', (dialect) => {
  const withApp = async (overrides: Parameters<typeof buildTestApp>[1], run: (t: TestApp) => Promise<void>) => {
    const t = await buildTestApp(dialect, overrides);
    try {
      await run(t);
    } finally {
      await t.close();
    }
  };
  const post = (t: TestApp, channel: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/lab/hooks/fdx/${channel}`, payload, headers });

  it('keeps credential header names but never stores or serves their values', () =>
    withApp({}, async (t) => {
      const res = await post(t, 'creds', '{}', {
        authorization: 'Bearer s3cr3t-bearer',
        cookie: 'sid=c00kie',
        'x-api-key': 'k3y-value',
        'x-auth-token': 't0ken-value',
        'x-fedex-signature': 'abc123',
      });
      const detail = (await t.app.inject(`/lab/api/webhooks/creds/${res.json().id}`)).json();
      expect(detail.headers).toMatchObject({
        authorization: '[masked]',
        cookie: '[masked]',
        'x-api-key': '[masked]',
        'x-auth-token': '[masked]',
        'x-fedex-signature': 'abc123',
      });
      const stored = await t.app.db.kysely.selectFrom('webhooks').select('headers').execute();
      const all = JSON.stringify(stored);
      for (const secret of ['s3cr3t-bearer', 'c00kie', 'k3y-value', 't0ken-value']) expect(all).not.toContain(secret);
    }));

  it('stores a compressed body byte for byte with its encoding and shows it decoded', () =>
    withApp({}, async (t) => {
      const gz = gzipSync(Buffer.from(envelope));
      const res = await post(t, 'gz', gz, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      expect(res.statusCode).toBe(200);
      const detail = (await t.app.inject(`/lab/api/webhooks/gz/${res.json().id}`)).json();
      expect(Buffer.from(detail.receivedBase64, 'base64').equals(gz)).toBe(true);
      expect(detail).toMatchObject({
        contentEncoding: 'gzip',
        body: envelope,
        isJson: true,
        transactionId: 'tx-gz',
        size: gz.length,
      });
      expect(Buffer.from(detail.bodyBase64, 'base64').toString()).toBe(envelope);
      const row = await t.app.db.kysely.selectFrom('webhooks').select('body').executeTakeFirstOrThrow();
      expect(Buffer.from(row.body).equals(gz)).toBe(true);
    }));

  it('checks a compressed delivery posted over real HTTP signed over the bytes sent or over the payload, and says which', () =>
    withApp({}, async (t) => {
      const base = await listenLoopback(t.app);
      const token = 'Ab3dEfGh1jKlMn0pQrStUvWx9';
      const deliver = async (encoding: string, bytes: Buffer, signature: string): Promise<WebhookDetail> => {
        const res = await fetch(`${base}/lab/hooks/fdx/sig`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding, 'x-fedex-signature': signature },
          body: bytes,
        });
        expect(res.status).toBe(200);
        const { id } = (await res.json()) as { id: number };
        return (await fetch(`${base}/lab/api/webhooks/sig/${id}`)).json() as Promise<WebhookDetail>;
      };
      const check = (d: WebhookDetail) =>
        checkDeliverySignature(
          {
            received: Buffer.from(d.receivedBase64 ?? d.bodyBase64, 'base64'),
            decoded: Buffer.from(d.bodyBase64, 'base64'),
            encoding: d.contentEncoding,
          },
          token,
          d.signature,
        );

      const gz = gzipSync(Buffer.from(envelope));
      const overWire = await deliver('gzip', gz, await webhookSignature(gz, token));
      expect(Buffer.from(overWire.receivedBase64!, 'base64').equals(gz)).toBe(true);
      expect(await check(overWire)).toMatchObject({ status: 'match', matched: 'received', encoding: 'gzip' });

      const overPayload = await deliver('gzip', gz, await webhookSignature(envelope, token));
      expect(await check(overPayload)).toMatchObject({ status: 'match', matched: 'decoded', encoding: 'gzip' });

      const br = brotliCompressSync(Buffer.from(envelope));
      const brotli = await deliver('br', br, await webhookSignature(envelope, token));
      expect(await check(brotli)).toMatchObject({ status: 'match', matched: 'decoded', encoding: 'br' });

      const forged = await deliver('gzip', gz, await webhookSignature(envelope, 'another token'));
      expect(await check(forged)).toMatchObject({ status: 'mismatch', matched: null });
    }));

  it('accepts an unknown Content-Encoding and shows those bytes as received (was 415)', () =>
    withApp({}, async (t) => {
      const res = await post(t, 'enc', 'abc', { 'content-encoding': 'x-custom' });
      expect(res.statusCode).toBe(200);
      const detail = (await t.app.inject(`/lab/api/webhooks/enc/${res.json().id}`)).json();
      expect(detail).toMatchObject({ contentEncoding: 'x-custom', body: 'abc', isJson: false });
    }));

  it('answers 507 with a clear message once the total rows cap is reached, over every channel', () =>
    withApp({ webhookMaxTotalRows: 3 }, async (t) => {
      const codes = [];
      for (const channel of ['a1', 'a2', 'a3', 'a4']) codes.push((await post(t, channel, '{}')).statusCode);
      expect(codes).toEqual([200, 200, 200, 507]);
      const full = await post(t, 'a5', '{}');
      expect(full.json()).toEqual({
        message: 'webhook storage is full: 3 of 3 deliveries stored (WEBHOOK_MAX_TOTAL_ROWS); delete old channels',
      });
      expect(await new WebhookRepo(t.app.db).totals()).toEqual({ rows: 3, bytes: 6 });
    }));

  it('answers 507 once the total bytes cap would be passed', () =>
    withApp({ webhookMaxTotalBytes: 10 }, async (t) => {
      expect((await post(t, 'b1', '12345678')).statusCode).toBe(200);
      const res = await post(t, 'b2', '123');
      expect(res.statusCode).toBe(507);
      expect(res.json().message).toBe(
        'webhook storage is full: 8 of 10 bytes stored (WEBHOOK_MAX_TOTAL_BYTES); delete old channels',
      );
    }));

  it('prunes deliveries older than WEBHOOK_MAX_AGE_DAYS at start', () =>
    withApp({ webhookMaxAgeDays: 0 }, async (t) => {
      const repo = new WebhookRepo(t.app.db);
      const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
      const base = { channel: 'old', method: 'POST', url: '/lab/hooks/fdx/old', ip: '127.0.0.1', headers: {} };
      await repo.insert(rowFromRequest({ ...base, body: Buffer.from('{}'), receivedAt: at(3) }));
      await repo.insert(rowFromRequest({ ...base, body: Buffer.from('{}'), receivedAt: at(0) }));
      const second = await buildLabApp({ ...t.config, webhookMaxAgeDays: 2 }, { logDestination: new LogCapture() });
      await second.close();
      const list = (await t.app.inject('/lab/api/webhooks/old')).json();
      expect(list.total).toBe(1);
    }));
});
