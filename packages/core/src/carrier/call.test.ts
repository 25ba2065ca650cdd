import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_ENDPOINT_ID } from '../simulator/index.js';
import {
  CARRIER_ENDPOINTS,
  CARRIER_ENVIRONMENTS,
  CARRIER_GATEWAY_BASE,
  CARRIER_SIM_BASES,
  CARRIER_SIM_PRODUCTION,
  CARRIER_TOKEN_PATH,
  carrierCallOf,
  pathMatches,
  twinPathOf,
  type CarrierEnvironment,
  type CarrierHost,
} from './index.js';

const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled);

/** The URLs our server answers one carrier call at: through the gateway, and at the twin. */
function urlsOf(environment: CarrierEnvironment, host: CarrierHost, path: string): string[] {
  const sim = `${CARRIER_SIM_BASES[host]}${environment === 'production' ? CARRIER_SIM_PRODUCTION : ''}${path}`;
  return [`${CARRIER_GATEWAY_BASE}/${environment}${path}`, sim];
}

/** A concrete path of a template: each `{name}` segment filled with a segment from `values`. */
const concretePath = (template: string) =>
  fc.array(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,12}$/), { minLength: 4, maxLength: 4 }).map((values) => {
    let i = 0;
    return template.replace(/\{[^}]+\}/g, () => values[i++ % values.length]!);
  });

const query = fc.option(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { nil: undefined });

describe('which carrier call a URL is (carrierCallOf)', () => {
  it('classifies every enabled catalogue endpoint back to its id, in both environments, at the gateway and at the twin', () => {
    const endpoint = fc.constantFrom(...enabled).chain((e) => fc.tuple(fc.constant(e), concretePath(e.path)));
    fc.assert(
      fc.property(endpoint, fc.constantFrom(...CARRIER_ENVIRONMENTS), query, ([e, path], environment, q) => {
        for (const url of urlsOf(environment, e.host, path)) {
          expect(carrierCallOf(e.method, q === undefined ? url : `${url}?${q}`), url).toEqual({
            environment,
            host: e.host,
            path,
            endpointId: e.id,
          });
        }
      }),
    );
  });

  it('names the OAuth token call on the REST host only, and POST only', () => {
    for (const environment of CARRIER_ENVIRONMENTS) {
      for (const url of urlsOf(environment, 'api', CARRIER_TOKEN_PATH)) {
        expect(carrierCallOf('POST', url)).toEqual({
          environment,
          host: 'api',
          path: CARRIER_TOKEN_PATH,
          endpointId: TOKEN_ENDPOINT_ID,
        });
        expect(carrierCallOf('PUT', url)?.endpointId).toBeUndefined();
      }
      const onDocuments = urlsOf(environment, 'documents', CARRIER_TOKEN_PATH)[1]!;
      expect(carrierCallOf('POST', onDocuments)?.endpointId).toBeUndefined();
    }
  });

  it('gives no endpoint for disabled entries, other methods and paths no entry matches', () => {
    for (const e of CARRIER_ENDPOINTS.filter((x) => x.disabled)) {
      for (const url of urlsOf('sandbox', e.host, e.path))
        expect(carrierCallOf(e.method, url)?.endpointId).toBeUndefined();
    }
    const path = fc
      .array(fc.stringMatching(/^[a-z0-9{}]{0,8}$/), { minLength: 1, maxLength: 6 })
      .map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(path, fc.constantFrom('POST', 'PUT', 'GET', 'DELETE'), (p, method) => {
        fc.pre(!CARRIER_ENDPOINTS.some((e) => e.method === method && pathMatches(e.path, p)));
        fc.pre(!(method === 'POST' && p === CARRIER_TOKEN_PATH));
        for (const host of ['api', 'documents'] as const) {
          for (const url of urlsOf('production', host, p)) {
            const call = carrierCallOf(method, url);
            expect(call?.endpointId, url).toBeUndefined();
            expect(call?.path, url).toBe(p);
          }
        }
      }),
    );
  });

  it('keeps what the twin serves beside the catalogue (labels, status) as calls without an endpoint', () => {
    expect(carrierCallOf('GET', '/lab/sim/carrier/labels/794953535000.pdf')).toEqual({
      environment: 'sandbox',
      host: 'api',
      path: '/labels/794953535000.pdf',
    });
    expect(carrierCallOf('GET', '/lab/sim/carrier/production')).toEqual({
      environment: 'production',
      host: 'api',
      path: '',
    });
    expect(carrierCallOf('GET', '/lab/sim/carrier')).toEqual({ environment: 'sandbox', host: 'api', path: '' });
    // `/productionX` is a sandbox path, not the production host.
    expect(carrierCallOf('GET', '/lab/sim/carrier/productionX/a')).toEqual({
      environment: 'sandbox',
      host: 'api',
      path: '/productionX/a',
    });
  });

  it('gives nothing for a URL that is not a carrier call', () => {
    for (const url of [
      '/lab/sim/stratus/stratus/v1/greet',
      '/lab/sim/carrierX/ship/v1/shipments',
      '/lab/sim/carrier-documentsX/documents/v1/etds/upload',
      '/lab/api/carrier/staging/ship/v1/shipments',
      '/lab/api/carrier/samples/ship-create',
      '/lab/api/carrier',
      '/lab/api/carriers/sandbox/ship/v1/shipments',
      '/ship/v1/shipments',
      '',
    ]) {
      expect(carrierCallOf('POST', url), url).toBeUndefined();
    }
    const outside = fc
      .tuple(
        fc.constantFrom('', '/lab', '/lab/api', '/lab/sim', '/lab/hooks'),
        fc.array(fc.stringMatching(/^[a-z-]{0,10}$/), { maxLength: 5 }),
      )
      .map(([prefix, segments]) => [prefix, ...segments].join('/'))
      .filter((p) => !/^\/lab\/(api|sim)\/carrier/.test(p));
    fc.assert(
      fc.property(outside, (p) => {
        expect(carrierCallOf('POST', p), p).toBeUndefined();
      }),
    );
  });
});

describe('twinPathOf', () => {
  it('reads production below /production at a segment boundary, the sandbox elsewhere', () => {
    expect(twinPathOf('/production/ship/v1/shipments')).toEqual({
      environment: 'production',
      path: '/ship/v1/shipments',
    });
    expect(twinPathOf('/production')).toEqual({ environment: 'production', path: '' });
    expect(twinPathOf('/productions/x')).toEqual({ environment: 'sandbox', path: '/productions/x' });
    expect(twinPathOf('/ship/v1/shipments')).toEqual({ environment: 'sandbox', path: '/ship/v1/shipments' });
    expect(twinPathOf('')).toEqual({ environment: 'sandbox', path: '' });
  });
});
