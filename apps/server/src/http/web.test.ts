import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_PAGES } from '@lab/core/pages';
import { buildTestApp, type TestApp } from '../test/helpers.js';

const INDEX = '<!doctype html><title>Shipping Lab</title>';

// Dialect-neutral: the web app's answers read no table. Real HTTP, as a browser gets them.
describe('the web app over HTTP', () => {
  let t: TestApp;
  let web: string;
  let base: string;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js'), 'console.log(1)');
    t = await buildTestApp('sqlite', { webDistDir: web });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    fetch(`${base}${url}`, { headers: { accept }, redirect: 'manual' });

  it('answers every page of the app, deep links included, with 200 and the app', async () => {
    const urls = [...WEB_PAGES.map((p) => `/lab${p}`), '/lab', '/lab/utils/utils?tab=hs', '/lab/Transaction/Search/'];
    for (const url of urls) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toBe(INDEX);
    }
  });

  it('answers a path with no page with 404 and the app, which shows its not-found page', async () => {
    for (const url of ['/lab/no/such/page', '/lab/transaction', '/lab/utils/utils/extra?x=1', '/lab/api/nope']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(await res.text(), url).toBe(INDEX);
    }
    const head = await fetch(`${base}/lab/no/such/page`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('keeps JSON 404s for API clients and missing assets', async () => {
    const api = await get('/lab/api/nope', 'application/json');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Route GET:/lab/api/nope not found' });
    const asset = await get('/lab/assets/missing-1.js');
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toContain('application/json');
    expect((await get('/lab/assets/index-AbC123.js')).status).toBe(200);
  });
});

// A response still being sent when the app closes: its keep-alive connection must end once the
// response is done, or server.close() waits for the keep-alive timeout (72 s) before finishing.
describe('closing while a response is on its way', () => {
  it('lets the response finish, then closes its keep-alive connection and the app', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    const big = Buffer.alloc(16 * 1024 * 1024, 'a');
    fs.writeFileSync(path.join(web, 'assets', 'big-Zz9.js'), big);
    const t = await buildTestApp('sqlite', { webDistDir: web });
    const agent = new http.Agent({ keepAlive: true });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port, path: '/lab/assets/big-Zz9.js', agent }, resolve).on('error', reject),
      );
      // Held: 16 MB cannot all be written into a connection nobody reads.
      res.pause();
      expect(res.headers.connection).toBe('keep-alive');
      const closed = t.app.close();
      // The server stops listening once the close has begun (its preClose hooks ran).
      while (t.app.server.listening) await new Promise((r) => setImmediate(r));
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      const ended = new Promise((resolve) => res.on('end', resolve));
      res.resume();
      await ended;
      expect(received).toBe(big.length);
      await closed;
      expect(t.app.server.listening).toBe(false);
    } finally {
      agent.destroy();
      await t.close().catch(() => undefined);
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
