import { TOKEN_ENDPOINT_ID } from '../simulator/index.js';
import { CARRIER_TOKEN_PATH, findEndpoint, type CarrierHost } from './endpoints.js';
import { isCarrierEnvironment, type CarrierEnvironment } from './environments.js';

/**
 * Where our server answers the carrier's calls: the gateway (`/lab/api/carrier/{env}/<path>`,
 * forwarded to that environment's hosts) and the twin, one mount per carrier host, the sandbox at
 * the host itself and production below `/production` (`/lab/sim/carrier/production/<path>`).
 */
export const CARRIER_GATEWAY_BASE = '/lab/api/carrier';
export const CARRIER_SIM_BASES: Readonly<Record<CarrierHost, string>> = {
  api: '/lab/sim/carrier',
  documents: '/lab/sim/carrier-documents',
};
export const CARRIER_SIM_PRODUCTION = '/production';

/** The gateway sends paths below this prefix to the trade-documents host (the catalogue's `documents` entries). */
const DOCUMENTS_PATH_PREFIX = '/documents/';

/** One call to the carrier, as the carrier's own host would see it. */
export interface CarrierCall {
  environment: CarrierEnvironment;
  /** The REST host (`api`) or the trade-documents host (`documents`). */
  host: CarrierHost;
  /** The path on that host, without the query (`/ship/v1/shipments`). */
  path: string;
  /**
   * The enabled catalogue entry's id, `oauth-token` (TOKEN_ENDPOINT_ID) for the OAuth token, or
   * undefined for anything else on the host (a label file, the twin's status, a path no entry has).
   */
  endpointId?: string;
}

function callOn(method: string, environment: CarrierEnvironment, host: CarrierHost, path: string): CarrierCall {
  const token = host === 'api' && method.toUpperCase() === 'POST' && path === CARRIER_TOKEN_PATH;
  const endpointId = token ? TOKEN_ENDPOINT_ID : findEndpoint(method, path, host)?.id;
  return { environment, host, path, ...(endpointId === undefined ? {} : { endpointId }) };
}

/** `rest` is `''` or starts at a segment boundary of `base` + rest. */
const below = (pathname: string, base: string): string | undefined => {
  if (!pathname.startsWith(base)) return undefined;
  const rest = pathname.slice(base.length);
  return rest === '' || rest.startsWith('/') ? rest : undefined;
};

/**
 * Which carrier call a request to our server is, from its method and URL (path and query as
 * received, nothing decoded): a gateway call (`/lab/api/carrier/{sandbox|production}/<path>`,
 * `/documents/…` paths on the documents host) or a call to the twin (`/lab/sim/carrier…`,
 * `/lab/sim/carrier-documents…`, production below `/production`). Undefined for any other URL.
 */
export function carrierCallOf(method: string, url: string): CarrierCall | undefined {
  const pathname = url.split('?')[0] ?? '';
  const gateway = below(pathname, CARRIER_GATEWAY_BASE);
  if (gateway !== undefined) {
    const m = /^\/([^/]*)(\/.*)?$/.exec(gateway);
    const environment = m?.[1];
    if (!isCarrierEnvironment(environment)) return undefined;
    const path = m?.[2] ?? '';
    return callOn(method, environment, path.startsWith(DOCUMENTS_PATH_PREFIX) ? 'documents' : 'api', path);
  }
  for (const host of ['api', 'documents'] as const) {
    const rest = below(pathname, CARRIER_SIM_BASES[host]);
    if (rest === undefined) continue;
    const { environment, path } = twinPathOf(rest);
    return callOn(method, environment, host, path);
  }
  return undefined;
}

/**
 * The environment and carrier path of a path below one of the twin's mounts (`rest` after
 * `/lab/sim/carrier`): production below `/production`, the sandbox at the host itself.
 */
export function twinPathOf(rest: string): { environment: CarrierEnvironment; path: string } {
  const production = below(rest, CARRIER_SIM_PRODUCTION);
  return production === undefined
    ? { environment: 'sandbox', path: rest }
    : { environment: 'production', path: production };
}
