import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, CARRIER_GATEWAY_BASE, CARRIER_SIM_BASES } from '@lab/core/carrier';
import { HttpClient } from '../../http/outbound.js';
import { API_PREFIX, SIM_PREFIX } from '../../http/web.js';
import { pathProblem } from './carrierRoutes.js';
import { filterResponseHeaders, forwardRequestHeaders, loggableBody } from './headers.js';

const concrete = (template: string) => template.replace(/\{[^}]+\}/g, '794953535000');

describe('gateway path rules', () => {
  it('accepts every catalogue path as written', () => {
    for (const e of CARRIER_ENDPOINTS) expect(pathProblem(concrete(e.path)), e.path).toBeUndefined();
  });

  it('refuses any catalogue path with a traversal, encoding, userinfo, scheme or empty segment spliced in', () => {
    const paths = fc.constantFrom(...CARRIER_ENDPOINTS.map((e) => concrete(e.path)));
    // Anywhere in the path.
    const anywhere = fc.constantFrom('%2F', '%2f', '%2e%2e', '@evil.example', '\\', ':8080');
    fc.assert(
      fc.property(paths, anywhere, fc.nat(), (path, insert, at) => {
        const cut = 1 + (at % path.length);
        expect(pathProblem(`${path.slice(0, cut)}${insert}${path.slice(cut)}`)).toBeDefined();
      }),
    );
    // As whole segments, at a segment boundary.
    const segments = fc.constantFrom('/..', '/.', '/', '/http://evil');
    fc.assert(
      fc.property(paths, segments, fc.nat(), (path, insert, at) => {
        const bounds = [...path.matchAll(/\//g)].map((m) => m.index).filter((i) => i > 0);
        const cut = bounds.length ? bounds[at % bounds.length]! : path.length;
        expect(pathProblem(`${path.slice(0, cut)}${insert}${path.slice(cut)}`)).toBeDefined();
      }),
    );
  });

  it('knows the carrier URLs of @lab/core/carrier as this server mounts them', () => {
    expect(CARRIER_GATEWAY_BASE).toBe(`${API_PREFIX}/carrier`);
    expect(CARRIER_SIM_BASES).toEqual({ api: `${SIM_PREFIX}/carrier`, documents: `${SIM_PREFIX}/carrier-documents` });
  });

  it('keeps the final URL under the base', () => {
    const upstream = { name: 'x', base: 'http://127.0.0.1:9/lab/sim/carrier' };
    expect(HttpClient.target(upstream, '/ship/v1/shipments').href).toBe(
      'http://127.0.0.1:9/lab/sim/carrier/ship/v1/shipments',
    );
    expect(() => HttpClient.target(upstream, '/../../admin')).toThrow('outside the upstream');
    expect(() => HttpClient.target({ name: 'x', base: 'http://a.example' }, '@b.example/x')).toThrow();
  });
});

describe('gateway headers and log bodies', () => {
  it('forwards only the allowlisted request headers', () => {
    const allowed = {
      'content-type': 'application/json',
      accept: '*/*',
      'x-customer-transaction-id': 'id',
      'x-locale': 'zh_CN',
      'x-api-key': 'k',
      'x-requested-with': 'XMLHttpRequest',
    };
    const dropped = { cookie: 'a=b', host: 'lab', 'x-forwarded-for': '1.2.3.4', 'content-length': '5' };
    expect(
      forwardRequestHeaders({
        authorization: 'Basic c2l0ZS11c2VyOnNpdGUtcGFzc3dvcmQ=',
        'x-upstream-authorization': 'Bearer t',
        ...allowed,
        ...dropped,
      }),
    ).toEqual({ authorization: 'Bearer t', ...allowed });
  });

  it('forwards a client library’s own Authorization: Bearer when no x-upstream-authorization is given, never another scheme', () => {
    expect(forwardRequestHeaders({ authorization: 'Bearer lib-token', 'x-locale': 'en_US' })).toEqual({
      authorization: 'Bearer lib-token',
      'x-locale': 'en_US',
    });
    expect(forwardRequestHeaders({ authorization: '  bearer lib-token ' })).toEqual({
      authorization: 'bearer lib-token',
    });
    // x-upstream-authorization wins: the browser's carrier credential beside whatever Authorization it has.
    expect(
      forwardRequestHeaders({ authorization: 'Bearer site-proxy', 'x-upstream-authorization': 'Bearer carrier' }),
    ).toEqual({ authorization: 'Bearer carrier' });
    // The site's Basic login, or anything that is not one bearer token, never leaves.
    for (const authorization of [
      'Basic c2l0ZS11c2VyOnNpdGUtcGFzc3dvcmQ=',
      'Bearer',
      'Bearer a b',
      'Digest x',
      'token',
    ]) {
      expect(forwardRequestHeaders({ authorization })).toEqual({});
    }
    expect(forwardRequestHeaders({ authorization: 'Bearer t', connection: 'authorization' })).toEqual({});
  });

  it('never forwards a header the request’s Connection names (hop-by-hop), nor the site’s identity header', () => {
    const headers = {
      connection: 'keep-alive, X-Api-Key',
      'x-api-key': 'k',
      'x-locale': 'en_US',
      'x-upstream-authorization': 'Bearer t',
    };
    expect(forwardRequestHeaders(headers)).toEqual({ 'x-locale': 'en_US', authorization: 'Bearer t' });
    expect(forwardRequestHeaders({ ...headers, connection: 'x-upstream-authorization' })).toEqual({
      'x-locale': 'en_US',
      'x-api-key': 'k',
    });
    expect(forwardRequestHeaders({ 'x-locale': 'en_US', 'x-api-key': 'ada' }, 'x-api-key')).toEqual({
      'x-locale': 'en_US',
    });
  });

  it('drops hop-by-hop, cookie and site-owned response headers', () => {
    expect(
      filterResponseHeaders({
        'content-type': 'application/json',
        connection: 'close, x-private',
        'x-private': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'set-cookie': ['a=b'],
        'content-security-policy': 'default-src *',
        'access-control-allow-origin': '*',
        location: 'http://evil.example',
        'x-sim-warning': 'w',
      }),
    ).toEqual({ 'content-type': 'application/json', 'x-sim-warning': 'w' });
  });

  it('blanks secret fields at any depth and describes unparsable bodies by size only', () => {
    const json = JSON.stringify({ a: [{ b: { Client_Secret: 's', ok: 1 } }], access_token: 't' });
    expect(loggableBody(Buffer.from(json), 'application/json')).toEqual({
      a: [{ b: { Client_Secret: '[redacted]', ok: 1 } }],
      access_token: '[redacted]',
    });
    expect(loggableBody(Buffer.from('client_id=a&client_secret=s'), 'application/x-www-form-urlencoded')).toEqual({
      client_id: 'a',
      client_secret: '[redacted]',
    });
    expect(loggableBody(Buffer.from('secret=s; not json'), 'text/plain')).toBe('[18 bytes of text/plain]');
    expect(loggableBody(Buffer.from('{"password": "p"'), 'application/json')).toBe('[16 bytes of application/json]');
  });
});
