import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from './test/helpers.js';

// Dialect-sensitive: the app boots and migrates on each dialect, and health names it.
describe.each(dialectsFor('dialect-sensitive'))('app on %s', (dialect) => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js'), 'console.log("shell")'.repeat(200));
    fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg/>');
    t = await buildTestApp(dialect, { webDistDir: web, fileShareUrl: 'https://files.example.test/share' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answers health with the database dialect and version', async () => {
    const res = await t.app.inject('/lab/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dialect, version: '0.1.0' });
  });

  it('serves the client config', async () => {
    const res = await t.app.inject('/lab/api/config');
    expect(res.json()).toEqual({
      version: '0.1.0',
      fileShareUrl: 'https://files.example.test/share',
      publicBaseUrl: null,
      labelServiceUrl: '/lab/api/labels',
      mapTileUrl: null,
      mapTileAttribution: null,
      user: null,
      // No CARRIER_*_URL set: both environments go to the built-in twin.
      carrierTwin: { sandbox: true, production: true },
    });
  });

  it('answers unknown API routes with a JSON 404 message', async () => {
    const res = await t.app.inject('/lab/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Route GET:/lab/api/no/such/thing not found' });
  });

  it('falls back to index.html for app paths, never for API, hooks or missing assets', async () => {
    for (const url of ['/lab/', '/lab', '/lab/transaction/search', '/lab/utils/utils?tab=hs']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Shipping Lab</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject('/lab/hooks/fdx')).statusCode).toBe(404);
    expect((await t.app.inject('/lab/assets/missing-123.js')).statusCode).toBe(404);
    expect((await t.app.inject('/')).headers.location).toBe('/lab/');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({ url: '/lab/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect((await t.app.inject('/lab/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with a CSP the app runs under', async () => {
    const res = await t.app.inject('/lab/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes its own OpenAPI document built from route schemas', async () => {
    const res = await t.app.inject('/lab/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/lab/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/lab/api/realtime'].get.parameters[0].name).toBe('topics');
  });

  it('answers bad input with 400 and the validation message', async () => {
    const res = await t.app.inject('/lab/api/realtime?topics=Not%20Valid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'querystring.topics: a topic is lower-case letters, digits, / _ -' });
  });
});

describe('errors and logs', () => {
  it('hides 5xx internals from the body and logs them with the request id', async () => {
    const t = await buildTestApp('sqlite');
    try {
      await t.app.db.kysely.destroy(); // the database goes away under a running server
      const res = await t.app.inject('/lab/api/health');
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ message: 'Internal Server Error', requestId: res.headers['x-request-id'] });
      const logged = t.logs.lines.find((l) => l.msg === 'request failed');
      expect(logged?.reqId).toBe(res.headers['x-request-id']);
      expect(JSON.stringify(body)).not.toContain('destroy');
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('redacts credentials and secrets in log lines', async () => {
    const t = await buildTestApp('sqlite');
    try {
      t.app.log.info(
        {
          headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-api-key': 'k1' },
          body: { client_secret: 's3', access_token: 't0k' },
        },
        'outbound',
      );
      const line = JSON.stringify(t.logs.lines.find((l) => l.msg === 'outbound'));
      for (const secret of ['Bearer abc', 'sid=1', 'k1', 's3', 't0k']) expect(line).not.toContain(secret);
      expect(line).toContain('[redacted]');
    } finally {
      await t.close();
    }
  });
});
