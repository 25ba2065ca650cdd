import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { listenLoopback, rawRequest, standInServer } from '../../test/http.js';

const SITE_LOGIN = `Basic ${Buffer.from('ada:PLANTED-SITE-PASSWORD').toString('base64')}`;
const json = { 'content-type': 'application/json' };

/**
 * The gateway and a client library's `Authorization: Bearer` (issue 39 item 2): passed upstream when
 * no x-upstream-authorization is given; the site's Basic login never reaches an upstream.
 */
describe.each(dialectsFor('dialect-neutral'))('gateway and Authorization (%s)', (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-gw-bearer-'));
  let upstream: Awaited<ReturnType<typeof standInServer>>;
  let off: TestApp;
  let basic: TestApp;
  let offBase: string;
  let basicBase: string;

  beforeAll(async () => {
    upstream = await standInServer((_req, res) => res.writeHead(200, json).end('{"output":{}}'));
    const upstreams = {
      carrierSandbox: upstream.base,
      carrierProduction: upstream.base,
      carrierDocumentsSandbox: undefined,
      carrierDocumentsProduction: undefined,
      stratus: undefined,
    };
    const file = path.join(dir, 'htpasswd');
    fs.writeFileSync(file, `ada:${bcrypt.hashSync('PLANTED-SITE-PASSWORD', 4)}\n`);
    off = await buildTestApp(dialect, { gatewayUpstreams: upstreams });
    basic = await buildTestApp(
      dialect,
      { gatewayUpstreams: upstreams },
      { env: { AUTH: 'basic', AUTH_HTPASSWD_FILE: file } },
    );
    offBase = await listenLoopback(off.app);
    basicBase = await listenLoopback(basic.app);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), basic?.close(), upstream?.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lastAuthorization = () => upstream.requests.at(-1)?.headers.authorization;

  it('passes a client library’s Authorization: Bearer upstream (AUTH=off)', async () => {
    const res = await rawRequest(offBase, 'POST', '/lab/api/carrier/sandbox/rate/v1/rates/quotes', {
      headers: { ...json, authorization: 'Bearer LIB-TOKEN' },
      body: '{}',
    });
    expect(res.status, res.text).toBe(200);
    expect(lastAuthorization()).toBe('Bearer LIB-TOKEN');
  });

  it('prefers x-upstream-authorization over the request’s own Authorization', async () => {
    const res = await rawRequest(offBase, 'POST', '/lab/api/carrier/sandbox/rate/v1/rates/quotes', {
      headers: { ...json, authorization: 'Bearer OTHER', 'x-upstream-authorization': 'Bearer BROWSER-TOKEN' },
      body: '{}',
    });
    expect(res.status, res.text).toBe(200);
    expect(lastAuthorization()).toBe('Bearer BROWSER-TOKEN');
  });

  it('never sends the site’s Basic login upstream (AUTH=basic), with or without a carrier credential', async () => {
    const before = upstream.requests.length;
    const token = await rawRequest(basicBase, 'POST', '/lab/api/carrier/sandbox/oauth/token', {
      headers: { authorization: SITE_LOGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=a&client_secret=b',
    });
    expect(token.status, token.text).toBe(200);
    const bare = await rawRequest(basicBase, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
      headers: { ...json, authorization: SITE_LOGIN },
      body: '{}',
    });
    expect(bare.status, bare.text).toBe(200);
    const withCredential = await rawRequest(basicBase, 'POST', '/lab/api/carrier/production/ship/v1/shipments', {
      headers: { ...json, authorization: SITE_LOGIN, 'x-upstream-authorization': 'Bearer CARRIER' },
      body: '{}',
    });
    expect(withCredential.status, withCredential.text).toBe(200);
    const seen = upstream.requests.slice(before);
    expect(seen.map((r) => r.headers.authorization)).toEqual([undefined, undefined, 'Bearer CARRIER']);
    const everything = JSON.stringify(seen);
    expect(everything).not.toContain(SITE_LOGIN.slice('Basic '.length));
    expect(everything).not.toContain('PLANTED-SITE-PASSWORD');
  });

  it('refuses a bearer-only client under AUTH=basic before anything goes upstream', async () => {
    const before = upstream.requests.length;
    const res = await rawRequest(basicBase, 'POST', '/lab/api/carrier/sandbox/rate/v1/rates/quotes', {
      headers: { ...json, authorization: 'Bearer LIB-TOKEN' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(upstream.requests.length).toBe(before);
  });
});
