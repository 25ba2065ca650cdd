import type { FastifyRequest } from 'fastify';

/**
 * The header the gateway adds when it forwards to a built-in simulator: the origin the caller
 * reached the gateway at (simulators on this server are called over loopback, so their own Host is
 * 127.0.0.1, which no other machine can open). Never sent to a configured upstream.
 */
export const PUBLIC_ORIGIN_HEADER = 'x-lab-public-origin';

const ORIGIN = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i;

/**
 * The origin links in a reply should use: PUBLIC_BASE_URL when set, else the request's own
 * protocol and host (Fastify honours X-Forwarded-Proto/Host for these only when the app trusts
 * proxies: TRUST_PROXY).
 */
export function publicOrigin(request: FastifyRequest, publicBaseUrl: string | undefined): string {
  if (publicBaseUrl) return publicBaseUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The origin the gateway passed on (PUBLIC_ORIGIN_HEADER: an http(s) origin, with PUBLIC_BASE_URL's path if it has one). */
export function forwardedPublicOrigin(request: FastifyRequest): string | undefined {
  const value = request.headers[PUBLIC_ORIGIN_HEADER];
  return typeof value === 'string' && ORIGIN.test(value) ? value : undefined;
}
