import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample, UPSTREAM_AUTHORIZATION_HEADER } from '@lab/core/carrier';
import { buildTestApp, dialectsFor, type TestApp } from '../test/helpers.js';
import { rawRequest } from '../test/http.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ADA = basic('ada', 's3cret');

/** Spellings of one path a client may send hoping the access check and the router disagree. */
function variants(route: string): string[] {
  const [, lab, prefix, ...rest] = route.split('/');
  const tail = rest.join('/');
  const first = prefix!.charCodeAt(0).toString(16);
  return [
    `/${lab}/%${first}${prefix!.slice(1)}/${tail}`,
    `/${lab}/${[...prefix!].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}/${tail}`,
    `/${lab}/${prefix!.toUpperCase()}/${tail}`,
    `/${lab!.toUpperCase()}/${prefix}/${tail}`,
    `/${lab}//${prefix}/${tail}`,
    `//${lab}/${prefix}/${tail}`,
    `/${lab}/${prefix}//${tail}`,
    `/${lab}/./${prefix}/${tail}`,
    `/${lab}/x/../${prefix}/${tail}`,
    `/${lab}/assets/../${prefix}/${tail}`,
    `/${lab}/hooks/../${prefix}/${tail}`,
    `/${lab}/${prefix}/${tail}/.`,
    `/${lab}/${prefix}/${tail}/x.js/..`,
    `/${lab}/${prefix}/${tail}%2f.js`,
    `/${lab}/${prefix}/${tail};.js`,
    `/${lab}/${prefix}/${tail}/`,
    `/${lab}/%2e/${prefix}/${tail}`,
    `/${lab}/${prefix}/%2e/${tail}`,
  ];
}

/** Every API prefix the lab serves with a GET route that answers 200 when signed in. */
const PROTECTED = [
  '/lab/api/openapi.json',
  '/lab/api/config',
  '/lab/api/print-relay/config',
  '/lab/sim/stratus/stratus/v1/greet',
];

describe.each(dialectsFor('dialect-neutral'))('access control decides on the routed path (%s)', (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-auth-'));
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webdist-'));
  let basicApp: TestApp;
  let proxyApp: TestApp;
  let basicBase: string;
  let proxyBase: string;

  beforeAll(async () => {
    const file = path.join(dir, 'htpasswd');
    fs.writeFileSync(file, `ada:${bcrypt.hashSync('s3cret', 4)}\n`);
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Shipping Lab</title>');
    fs.writeFileSync(path.join(web, 'assets', 'app-1.js'), 'x');
    fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg/>');
    basicApp = await buildTestApp(dialect, { webDistDir: web }, { env: { AUTH: 'basic', AUTH_HTPASSWD_FILE: file } });
    proxyApp = await buildTestApp(
      dialect,
      { webDistDir: web },
      { env: { AUTH: 'proxy', AUTH_PROXY_ADDRESSES: '10.9.9.9' } },
    );
    await basicApp.app.listen({ port: 0, host: '127.0.0.1' });
    await proxyApp.app.listen({ port: 0, host: '127.0.0.1' });
    basicBase = `http://127.0.0.1:${(basicApp.app.server.address() as { port: number }).port}`;
    proxyBase = `http://127.0.0.1:${(proxyApp.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await basicApp.close();
    await proxyApp.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('refuses every encoded, dotted, doubled-slash and case variant of every API prefix without a login', async () => {
    for (const [name, base] of [
      ['basic', () => basicBase],
      ['proxy', () => proxyBase],
    ] as const) {
      for (const route of PROTECTED) {
        for (const variant of [route, ...variants(route)]) {
          const res = await rawRequest(base(), 'GET', variant, { headers: { accept: 'application/json' } });
          expect([401, 400, 404], `${name} ${variant} → ${res.status} ${res.text.slice(0, 80)}`).toContain(res.status);
          expect(res.text, `${name} ${variant}`).not.toMatch(/"openapi"|"Purpose"|"user"|"listenId"|"sampleZpl"/);
        }
      }
    }
  });

  it('still serves the routes themselves when signed in, and keeps assets, hooks and health public', async () => {
    for (const route of PROTECTED.slice(0, 3)) {
      const res = await rawRequest(basicBase, 'GET', route, { headers: { authorization: ADA } });
      expect(res.status, route).toBe(200);
    }
    expect((await rawRequest(basicBase, 'GET', '/lab/assets/app-1.js')).status).toBe(200);
    expect((await rawRequest(basicBase, 'GET', '/lab/favicon.svg')).status).toBe(200);
    expect((await rawRequest(basicBase, 'GET', '/lab/api/health')).status).toBe(200);
    expect((await rawRequest(basicBase, 'POST', '/lab/hooks/fdx', { body: '{}' })).status).toBe(200);
    // Public spellings of public places stay public; what they route to is decided by the router.
    expect((await rawRequest(basicBase, 'GET', '/lab/%61ssets/app-1.js')).status).toBe(200);
    expect((await rawRequest(basicBase, 'GET', '/lab/')).status).toBe(401);
  });

  it('answers an unauthenticated simulator call in the route’s own error shape (never 500)', async () => {
    const greet = await rawRequest(basicBase, 'GET', '/lab/sim/stratus/stratus/v1/greet');
    expect(greet.status).toBe(401);
    expect(greet.json()).toEqual({ Message: 'authentication required: sign in with your user name and password' });
    const token = await rawRequest(
      basicBase,
      'POST',
      '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
    );
    expect(token.status).toBe(401);
    expect(token.json()).toEqual({
      error: 'invalid_request',
      error_description: 'authentication required: sign in with your user name and password',
    });
  });
});

/** An upstream that records what the gateway sends it. */
function recordingUpstream(): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"Id":"x","Purpose":"p","access_token":"t","token_type":"Bearer","expires_in":1,"scope":"oob"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        seen,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe.each(dialectsFor('dialect-neutral'))('the gateway never forwards the lab’s own login (%s)', (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-auth-'));
  const file = path.join(dir, 'htpasswd');
  fs.writeFileSync(file, `ada:${bcrypt.hashSync('s3cret', 4)}\n`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends neither Basic login, identity header nor cookies upstream; the carrier credential travels in its own header', async () => {
    const upstream = await recordingUpstream();
    const basicApp = await buildTestApp(
      dialect,
      {},
      {
        env: { AUTH: 'basic', AUTH_HTPASSWD_FILE: file, STRATUS_URL: upstream.url, CARRIER_SANDBOX_URL: upstream.url },
      },
    );
    const proxyApp = await buildTestApp(
      dialect,
      {},
      {
        env: {
          AUTH: 'proxy',
          AUTH_PROXY_ADDRESSES: '127.0.0.1',
          AUTH_PROXY_HEADER: 'x-api-key',
          STRATUS_URL: upstream.url,
        },
      },
    );
    try {
      const greet = await basicApp.app.inject({
        url: '/lab/api/stratus/stratus/v1/greet',
        headers: { authorization: ADA, cookie: 'session=lab-cookie', 'x-api-key': 'stratus-key' },
      });
      expect(greet.statusCode).toBe(200);
      expect(upstream.seen[0]!.authorization).toBeUndefined();
      expect(upstream.seen[0]!.cookie).toBeUndefined();
      expect(upstream.seen[0]!['x-api-key']).toBe('stratus-key');

      const ship = await basicApp.app.inject({
        method: 'POST',
        url: '/lab/api/carrier/sandbox/ship/v1/shipments',
        headers: {
          authorization: ADA,
          'content-type': 'application/json',
          [UPSTREAM_AUTHORIZATION_HEADER]: 'Bearer carrier-t',
        },
        payload: '{}',
      });
      expect(ship.statusCode).toBe(200);
      expect(upstream.seen[1]!.authorization).toBe('Bearer carrier-t');
      expect(upstream.seen[1]![UPSTREAM_AUTHORIZATION_HEADER]).toBeUndefined();

      // AUTH=proxy: the identity header (here even named like a carrier header) never leaves.
      const viaProxy = await proxyApp.app.inject({
        url: '/lab/api/stratus/stratus/v1/greet',
        remoteAddress: '127.0.0.1',
        headers: { 'x-api-key': 'ada', [UPSTREAM_AUTHORIZATION_HEADER]: 'Bearer s-t' },
      });
      expect(viaProxy.statusCode).toBe(200);
      expect(upstream.seen[2]!['x-api-key']).toBeUndefined();
      expect(upstream.seen[2]!.authorization).toBe('Bearer s-t');
    } finally {
      await basicApp.close();
      await proxyApp.close();
      await upstream.close();
    }
  });

  it('keeps the playground and Stratus working through the gateway to the built-in simulators under AUTH=basic and AUTH=proxy', async () => {
    for (const env of [
      { AUTH: 'basic', AUTH_HTPASSWD_FILE: file },
      { AUTH: 'proxy', AUTH_PROXY_ADDRESSES: '10.1.1.1' },
    ]) {
      const t = await buildTestApp(dialect, { openApiRecheckMs: 0 }, { env, imported: true });
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const login: Record<string, string> =
          env.AUTH === 'basic' ? { authorization: ADA } : { 'x-webauth-user': 'ada' };
        const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) =>
          t.app.inject({ method, url, headers: { ...login, ...headers }, payload, remoteAddress: '10.1.1.1' });

        const token = await call(
          'POST',
          '/lab/api/carrier/sandbox/oauth/token',
          { 'content-type': 'application/x-www-form-urlencoded' },
          'grant_type=client_credentials&client_id=lab-key&client_secret=lab-secret',
        );
        expect(token.statusCode, token.body).toBe(200);
        const sample = structuredClone(defaultSample('ship-create')) as Record<string, any>;
        sample.labelResponseOptions = 'LABEL';
        sample.requestedShipment.labelSpecification.imageType = 'ZPLII';
        const ship = await call(
          'POST',
          '/lab/api/carrier/sandbox/ship/v1/shipments',
          {
            'content-type': 'application/json',
            [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${token.json().access_token}`,
          },
          JSON.stringify(sample),
        );
        expect(ship.statusCode, ship.body.slice(0, 300)).toBe(200);

        const stratusToken = await call(
          'POST',
          '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
          {
            [UPSTREAM_AUTHORIZATION_HEADER]: basic('key', 'secret'),
          },
        );
        expect(stratusToken.statusCode, stratusToken.body).toBe(200);
        const greet = await call('GET', '/lab/api/stratus/stratus/v1/greet', {
          [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${stratusToken.json().access_token}`,
          'x-api-key': 'k',
        });
        expect(greet.statusCode, greet.body).toBe(200);
        // Without a carrier credential the simulator itself refuses, in its own shape.
        const bare = await call('GET', '/lab/api/stratus/stratus/v1/greet', {});
        expect(bare.statusCode).toBe(401);
        expect(bare.json()).toEqual({ Message: 'A valid bearer token is required (missing, unknown or expired)' });
      } finally {
        await t.close();
      }
    }
  }, 120_000);
});
