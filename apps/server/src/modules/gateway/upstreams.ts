import type { FastifyInstance } from 'fastify';
import {
  CARRIER_SIM_BASES,
  CARRIER_SIM_PRODUCTION,
  type CarrierEnvironment,
  type CarrierHost,
} from '@lab/core/carrier';
import { timeoutsOf, type Timeouts, type Upstream } from '../../http/outbound.js';
import { SIM_PREFIX } from '../../http/web.js';
import type { UpstreamKey } from './settings.js';

/** An upstream the gateway forwards to, with the deadlines of one call to it. */
export interface GatewayUpstream extends Upstream {
  timeouts: Timeouts;
  /** The simulator on this server (no upstream configured): called over loopback. */
  builtIn?: true;
}

/**
 * Where each upstream's built-in simulator lives on this server: the carrier simulator plays
 * production below /production on each host, so a sandbox token is refused there (and vice versa).
 */
const SIMULATOR_PATHS: Record<UpstreamKey, string> = {
  carrierSandbox: CARRIER_SIM_BASES.api,
  carrierProduction: `${CARRIER_SIM_BASES.api}${CARRIER_SIM_PRODUCTION}`,
  carrierDocumentsSandbox: CARRIER_SIM_BASES.documents,
  carrierDocumentsProduction: `${CARRIER_SIM_BASES.documents}${CARRIER_SIM_PRODUCTION}`,
  stratus: `${SIM_PREFIX}/stratus`,
};

const UPSTREAM_NAMES: Record<UpstreamKey, string> = {
  carrierSandbox: 'carrier sandbox',
  carrierProduction: 'carrier production',
  carrierDocumentsSandbox: 'carrier documents sandbox',
  carrierDocumentsProduction: 'carrier documents production',
  stratus: 'Stratus',
};

const CARRIER_UPSTREAMS: Record<CarrierHost, Record<CarrierEnvironment, UpstreamKey>> = {
  api: { sandbox: 'carrierSandbox', production: 'carrierProduction' },
  documents: { sandbox: 'carrierDocumentsSandbox', production: 'carrierDocumentsProduction' },
};

/** The loopback origin of this server's own listening socket (the built-in simulators' host). */
function selfOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

export interface Upstreams {
  /** The host of one carrier environment: its configured base, else the built-in simulator. */
  carrier(environment: CarrierEnvironment, host: CarrierHost): GatewayUpstream;
  stratus(): GatewayUpstream;
}

/**
 * The gateway's upstreams, from the `CARRIER_*_URL` and `STRATUS_URL` settings; an unset one is
 * the built-in simulator, whose address is read from the listening socket at call time.
 */
export function upstreamsOf(app: FastifyInstance): Upstreams {
  const config = app.config;
  const upstream = (key: UpstreamKey, timeoutMs: number): GatewayUpstream => {
    const timeouts = timeoutsOf(timeoutMs);
    const configured = config.gatewayUpstreams[key];
    if (configured) return { name: UPSTREAM_NAMES[key], base: configured, timeouts };
    const origin = selfOrigin(app) ?? 'http://server-not-listening.invalid';
    const name = `${UPSTREAM_NAMES[key]} (built-in simulator)`;
    return { name, base: `${origin}${SIMULATOR_PATHS[key]}`, timeouts, builtIn: true };
  };
  return {
    carrier: (environment, host) => upstream(CARRIER_UPSTREAMS[host][environment], config.gatewayCarrierTimeoutMs),
    stratus: () => upstream('stratus', config.gatewayStratusTimeoutMs),
  };
}
