import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from '../test/helpers.js';

// Dialect-neutral: request ids, headers, proxies and access control run before any route's SQL.
describe.each(dialectsFor('dialect-neutral'))('hardening on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('takes a safe client x-request-id as the request id and replaces an unsafe one', async () => {
    const safe = await t.app.inject({ url: '/lab/api/health', headers: { 'x-request-id': 'abc-123.X_y:z' } });
    expect(safe.headers['x-request-id']).toBe('abc-123.X_y:z');
    for (const bad of ['evil\nline', '\u0000', 'a b', 'x'.repeat(129), '']) {
      const res = await t.app.inject({ url: '/lab/api/health', headers: { 'x-request-id': bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers HEAD on the realtime route at once, without subscribing', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/lab/api/realtime?topics=webhooks/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toBe('');
  });
});

// Dialect-sensitive: PostgreSQL cannot hold or compare a NUL in text; SQLite can.
describe.each(dialectsFor('dialect-sensitive'))('text with a NUL character on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers a NUL in a path or query value with 400 on PostgreSQL, and looks it up as text on SQLite', async () => {
    for (const url of [
      '/lab/api/openapi-docs/%00',
      '/lab/api/openapi-docs/a%00b?deref=true',
      '/lab/api/transactions/search?keyword=ab%00c',
    ]) {
      const res = await t.app.inject({ url });
      if (dialect === 'postgres') {
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 400,
          body: { message: 'Text must not contain the NUL character (U+0000)' },
        });
      } else {
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    // The database connection is still good for the next request.
    expect((await t.app.inject({ url: '/lab/api/openapi-docs/1' })).statusCode).toBe(404);
  });
});

describe.each(dialectsFor('dialect-neutral'))('headers, logs and proxies on %s', (dialect) => {
  it('sends Permissions-Policy, and HSTS only when configured', async () => {
    const plain = await buildTestApp(dialect);
    const https = await buildTestApp(dialect, {}, { env: { HSTS_MAX_AGE: '31536000' } });
    try {
      const res = await plain.app.inject('/lab/api/health');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
      expect((await https.app.inject('/lab/api/health')).headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await plain.close();
      await https.close();
    }
  });

  it('redacts secret-named query parameters in logged URLs', async () => {
    const t = await buildTestApp(dialect);
    try {
      await t.app.inject('/lab/api/health?access_token=abc1&client_secret=def2&token=ghi3&Api-Key=jkl4&page=2');
      const urls = t.logs.lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
      expect(urls).toContain(
        '/lab/api/health?access_token=[redacted]&client_secret=[redacted]&token=[redacted]&Api-Key=[redacted]&page=2',
      );
      const all = JSON.stringify(t.logs.lines);
      for (const secret of ['abc1', 'def2', 'ghi3', 'jkl4']) expect(all).not.toContain(secret);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For unless the peer is a configured proxy (source address and rate-limit bucket)', async () => {
    const direct = await buildTestApp(dialect, { webhookRateLimitPerMinute: 2 });
    const proxied = await buildTestApp(dialect, {}, { env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const send = (t: TestApp, xff: string) =>
        t.app.inject({ method: 'POST', url: '/lab/hooks/fdx/xff', headers: { 'x-forwarded-for': xff }, payload: '{}' });
      const codes = [];
      for (const xff of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) codes.push((await send(direct, xff)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const first = await direct.app.inject('/lab/api/webhooks/xff');
      const id = first.json().items[0].id;
      expect((await direct.app.inject(`/lab/api/webhooks/xff/${id}`)).json().sourceIp).toBe('127.0.0.1');

      const viaProxy = (await send(proxied, '9.9.9.9')).json();
      expect((await proxied.app.inject(`/lab/api/webhooks/xff/${viaProxy.id}`)).json().sourceIp).toBe('9.9.9.9');
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('refuses TRUST_PROXY=true (it would believe any client)', async () => {
    await expect(buildTestApp(dialect, {}, { env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY=true/);
  });
});

describe('pages and assets', () => {
  it('never rate-limits page loads or assets', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    const t = await buildTestApp('sqlite', { webDistDir: web });
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 320; i++) codes.add((await t.app.inject('/lab/transaction/search')).statusCode);
      expect([...codes]).toEqual([200]);
    } finally {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('slow clients', () => {
  it('answers 408 and closes a connection whose body trickles past REQUEST_TIMEOUT_MS', async () => {
    const t = await buildTestApp('sqlite', { requestTimeoutMs: 300, maxConnections: 50 });
    try {
      expect(t.app.server.maxConnections).toBe(50);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      socket.write(
        'POST /lab/api/utils/v1/ean HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.writable && socket.write(' '), 50);
      await new Promise((resolve) => socket.on('close', resolve));
      clearInterval(trickle);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialectsFor('dialect-neutral'))('access control on %s', (dialect) => {
  const open = async (env: NodeJS.ProcessEnv) => buildTestApp(dialect, {}, { env });

  it('is off by default: no identity needed, no user in the client config', async () => {
    const t = await open({});
    try {
      const res = await t.app.inject('/lab/api/config');
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('AUTH=proxy believes the identity header only from the configured proxy addresses', async () => {
    const t = await open({ AUTH: 'proxy', AUTH_PROXY_ADDRESSES: '10.0.0.5' });
    try {
      const fromProxy = await t.app.inject({
        url: '/lab/api/config',
        remoteAddress: '10.0.0.5',
        headers: { 'x-webauth-user': 'ada' },
      });
      expect(fromProxy.statusCode).toBe(200);
      expect(fromProxy.json().user).toBe('ada');
      const forged = await t.app.inject({
        url: '/lab/api/webhooks/any',
        remoteAddress: '10.0.0.6',
        headers: { 'x-webauth-user': 'ada' },
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: 'authentication required: sign in through the site’s login proxy' });
      const anonymous = await t.app.inject({ url: '/lab/api/webhooks/any', remoteAddress: '10.0.0.5' });
      expect(anonymous.statusCode).toBe(401);
      // The receiver and the health check stay public.
      const hook = await t.app.inject({
        method: 'POST',
        url: '/lab/hooks/fdx/any',
        remoteAddress: '8.8.8.8',
        payload: '{}',
      });
      expect(hook.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/lab/api/health', remoteAddress: '8.8.8.8' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('AUTH=basic checks an htpasswd file of bcrypt hashes; assets and the receiver stay public', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-auth-'));
    const file = path.join(dir, 'htpasswd');
    fs.writeFileSync(file, `# team\nada:${bcrypt.hashSync('s3cret', 4)}\n`);
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    fs.writeFileSync(path.join(web, 'assets', 'app-1.js'), 'x');
    const t = await buildTestApp(dialect, { webDistDir: web }, { env: { AUTH: 'basic', AUTH_HTPASSWD_FILE: file } });
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    try {
      const none = await t.app.inject('/lab/');
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Basic realm="Shipping Lab", charset="UTF-8"');
      const wrong = await t.app.inject({ url: '/lab/api/config', headers: { authorization: basic('ada', 'nope') } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'authentication required: sign in with your user name and password' });
      const unknown = await t.app.inject({
        url: '/lab/api/config',
        headers: { authorization: basic('bob', 's3cret') },
      });
      expect(unknown.statusCode).toBe(401);
      for (let i = 0; i < 2; i++) {
        const ok = await t.app.inject({ url: '/lab/api/config', headers: { authorization: basic('ada', 's3cret') } });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().user).toBe('ada');
      }
      expect((await t.app.inject('/lab/assets/app-1.js')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: '/lab/api/webhooks/any' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/lab/hooks/fdx', payload: '{}' })).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(web, { recursive: true, force: true });
    }
  });

  it('refuses to start with AUTH=basic and no htpasswd file, or a file with non-bcrypt hashes', async () => {
    await expect(open({ AUTH: 'basic' })).rejects.toThrow(/AUTH_HTPASSWD_FILE/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-auth-'));
    fs.writeFileSync(path.join(dir, 'htpasswd'), 'ada:{SHA}abc\n');
    try {
      await expect(open({ AUTH: 'basic', AUTH_HTPASSWD_FILE: path.join(dir, 'htpasswd') })).rejects.toThrow(
        /expected user:bcrypt-hash/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('body limits sized to the route', () => {
  it('answers 413 in the route’s own shape when a small JSON route gets more than JSON_BODY_LIMIT_BYTES', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const keys = Object.fromEntries(Array.from({ length: 8_000 }, (_, i) => [`k${i}`, i]));
      const calc = await t.app.inject({ method: 'POST', url: '/lab/api/utils/v1/dimweight', payload: keys });
      expect(calc.statusCode).toBe(413);
      expect(calc.json()).toEqual({ tag: 'error', message: 'Payload too large: the limit is 65536 bytes' });
      const search = await t.app.inject({ method: 'POST', url: '/lab/api/utils/v1/hs-codes/search', payload: keys });
      expect(search.statusCode).toBe(413);
      expect(search.json()).toEqual({ message: 'Payload too large: the limit is 65536 bytes' });
    } finally {
      await t.close();
    }
  });
});
