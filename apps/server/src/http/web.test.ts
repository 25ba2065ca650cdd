import fs from 'node:fs';
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
