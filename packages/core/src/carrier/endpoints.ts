/**
 * The carrier REST endpoints the playground offers (the catalogue's data is endpointCatalogue.ts)
 * and their lookups. The gateway only forwards requests whose method and path match an entry here
 * (or an operation of an imported OpenAPI document), and the simulator answers exactly these.
 *
 * `path` is the carrier's path template (`{name}` is one path segment); `host` says which
 * upstream serves it (`api` = the REST host, `documents` = the trade-documents host, which
 * takes multipart uploads).
 */
import { ENDPOINT_CATALOGUE } from './endpointCatalogue.js';

export type HttpMethod = 'POST' | 'PUT' | 'GET' | 'DELETE';
export type CarrierHost = 'api' | 'documents';
/** 1 = one check, 2 = two checks, 3 = lock (see docs/modules/carrier.md for how each was chosen). */
export type CertificationLevel = 1 | 2 | 3;
export type SpecificInterface = 'accountVerification' | 'imageUpload' | 'tradeDocumentUpload';

export interface EndpointOperationRef {
  /** Stem of the OpenAPI document file: `<api>--<Resource>` (e.g. `ship--Shipment-Resource`). */
  document: string;
  /** The operation's path exactly as the document spells it (trailing slashes included). */
  path: string;
  method: HttpMethod;
}

export interface CarrierEndpoint {
  /** Stable slug used in URLs (`/lab/api/carrier/samples/{id}`) and saved tabs. */
  id: string;
  method: HttpMethod;
  path: string;
  host: CarrierHost;
  name: { en: string; zh: string };
  /** The operation in the carrier's documents; absent when no published document covers it. */
  operation?: EndpointOperationRef;
  certification: CertificationLevel;
  disabled: boolean;
  specificInterface?: SpecificInterface;
}

export const CARRIER_ENDPOINTS: readonly CarrierEndpoint[] = ENDPOINT_CATALOGUE.map(({ document, ...e }) => ({
  ...e,
  ...(document === undefined ? {} : { operation: { document, method: e.method, path: e.path } }),
  host: e.host ?? 'api',
  disabled: e.disabled ?? false,
}));

/** The OAuth token path on the carrier's REST host. */
export const CARRIER_TOKEN_PATH = '/oauth/token';

export function endpointById(id: string): CarrierEndpoint | undefined {
  return CARRIER_ENDPOINTS.find((e) => e.id === id);
}

/**
 * True when `concrete` (a request path, no query) matches `template`: same number of
 * segments, literal segments equal, `{x}` segments non-empty. Trailing slashes matter,
 * as they do to the carrier.
 */
export function pathMatches(template: string, concrete: string): boolean {
  const t = template.split('/');
  const c = concrete.split('/');
  if (t.length !== c.length) return false;
  return t.every((seg, i) => {
    const part = c[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) return part.length > 0;
    return seg === part;
  });
}

/** The enabled catalogue entry for a method and concrete path, if any. */
export function findEndpoint(method: string, path: string, host?: CarrierHost): CarrierEndpoint | undefined {
  const m = method.toUpperCase();
  return CARRIER_ENDPOINTS.find(
    (e) => !e.disabled && e.method === m && (host === undefined || e.host === host) && pathMatches(e.path, path),
  );
}
