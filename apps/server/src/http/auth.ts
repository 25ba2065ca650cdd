import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import proxyAddr from '@fastify/proxy-addr';
import bcrypt from 'bcryptjs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AuthConfig } from '../config.js';
import { API_PREFIX, BASE, HOOKS_PREFIX, SIM_PREFIX } from './web.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking (AUTH=proxy or basic); undefined when access control is off or on public paths. */
    user: string | undefined;
    /**
     * Whether the site let this request in: always under AUTH=off; else a signed-in user, or the
     * gateway's call to this server's own simulator. A route with `ownAuth` reads it.
     */
    siteAccess: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route checks its callers itself (the carrier twin's OAuth, for client programs that
     * cannot sign in to the site): the site's login is read when it is there (`siteAccess`,
     * `user`), never required.
     */
    ownAuth?: boolean;
  }
  interface FastifyInstance {
    /**
     * A random key, new per app, that the gateway sends (as INTERNAL_CALL_HEADER) when it calls this
     * server's own simulators over HTTP: under AUTH those calls carry the carrier's credential in
     * `Authorization`, not the site's login, and must still reach /lab/sim.
     */
    internalCallKey: string;
  }
}

/** The header of the gateway's calls to this server's own simulators (never forwarded from a client). */
export const INTERNAL_CALL_HEADER = 'x-lab-internal-call';

export const AUTH_MESSAGES = {
  proxy: 'authentication required: sign in through the site’s login proxy',
  basic: 'authentication required: sign in with your user name and password',
} as const;

/** The route the router chose (its pattern, e.g. `/lab/api/health`, `/lab/*`); undefined for the 404 handler. */
interface RoutedRequest {
  url: string;
  routeOptions: { url?: string | undefined };
}

/**
 * What stays public whatever AUTH says: the webhook receiver (the carrier's servers cannot sign
 * in), static files (hashed assets, favicon: what the web app's file route serves, when the path
 * names a file) and the health check load balancers poll. Decided on the route the router picked
 * (after it decoded `%61`, with its case and slashes), never on the raw URL, so a spelling that
 * looks public to a string test but routes to the API (`/lab/%61pi/openapi.json`) is not public.
 */
export function isPublicRequest(request: RoutedRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (route === HOOKS_PREFIX || route.startsWith(`${HOOKS_PREFIX}/`)) return true;
  if (route === `${API_PREFIX}/health`) return true;
  if (route !== `${BASE}/*`) return false;
  // The static file route answers only files of the web build (or a 404): public when a file is asked.
  const last = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
  return /\.[a-z0-9]{1,8}$/i.test(last);
}

/** A user name we show and log: printable, at most 200 characters. */
function cleanUser(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const user = value.trim();
  const printable = [...user].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f);
  return user && user.length <= 200 && printable ? user : undefined;
}

/** `user:$2y$…` lines of an htpasswd file; only bcrypt hashes are accepted. */
export function readHtpasswd(file: string): Map<string, string> {
  const users = new Map<string, string>();
  const text = fs.readFileSync(file, 'utf8');
  for (const [n, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    const user = line.slice(0, at);
    const hash = line.slice(at + 1);
    if (at < 1 || !/^\$2[abxy]\$\d\d\$/.test(hash)) {
      throw new Error(`${file}:${n + 1}: expected user:bcrypt-hash (htpasswd -B)`);
    }
    users.set(user, hash);
  }
  return users;
}

/** Basic credentials verified recently (by a hash of user:password), so bcrypt runs once per login, not per request. */
class BasicVerifier {
  private readonly verified = new LRUCache<string, string>({ max: 1000, ttl: 5 * 60_000 });
  private readonly dummy = bcrypt.hashSync('not a password', 10);
  constructor(private readonly users: Map<string, string>) {}

  async verify(header: string | undefined): Promise<string | undefined> {
    const m = /^Basic ([A-Za-z0-9+/=]{1,1024})$/i.exec(header?.trim() ?? '');
    if (!m) return undefined;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at < 1) return undefined;
    const user = decoded.slice(0, at);
    const password = decoded.slice(at + 1);
    const key = createHash('sha256').update(decoded).digest('hex');
    const known = this.verified.get(key);
    if (known !== undefined) return known;
    const hash = this.users.get(user);
    // An unknown user costs the same bcrypt time as a known one (no user-name oracle).
    const ok = await bcrypt.compare(password, hash ?? this.dummy);
    if (!ok || !hash) return undefined;
    this.verified.set(key, user);
    return cleanUser(user);
  }
}

/**
 * Access control for shared deployments (AUTH, off by default): `proxy` trusts an identity header
 * only from the configured proxy addresses (the socket's peer, never X-Forwarded-For); `basic`
 * checks an htpasswd file of bcrypt hashes. Everything but the public paths needs an identity.
 */
export function registerAuth(app: FastifyInstance, auth: AuthConfig): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('siteAccess', auth.mode === 'off');
  const internalKey = randomBytes(32).toString('base64url');
  app.decorate('internalCallKey', internalKey);
  if (auth.mode === 'off') return;

  // In the route's own error shape (config.errorReply), so a 401 always fits the route's schema.
  const deny = (request: FastifyRequest, reply: FastifyReply, message: string) => {
    if (auth.mode === 'basic') reply.header('www-authenticate', 'Basic realm="Shipping Lab", charset="UTF-8"');
    return reply.code(401).send(request.routeOptions.config.errorReply?.(message) ?? { message });
  };
  /** The gateway calling this server's own simulator (it holds the per-app key). */
  const internalCall = (request: FastifyRequest): boolean => {
    const route = request.routeOptions.url ?? '';
    const given = request.headers[INTERNAL_CALL_HEADER];
    if (!route.startsWith(`${SIM_PREFIX}/`) || typeof given !== 'string') return false;
    const a = Buffer.from(given);
    const b = Buffer.from(internalKey);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  let identify: (request: FastifyRequest) => Promise<string | undefined>;
  if (auth.mode === 'proxy') {
    const trusted = proxyAddr.compile(auth.proxies);
    identify = async (request) => {
      const peer = request.raw.socket.remoteAddress ?? '';
      return trusted(peer, 0) ? cleanUser(request.headers[auth.header]) : undefined;
    };
  } else {
    const verifier = new BasicVerifier(readHtpasswd(auth.htpasswdFile));
    identify = (request) => verifier.verify(request.headers.authorization);
  }
  const message = AUTH_MESSAGES[auth.mode];

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (internalCall(request)) {
      request.siteAccess = true;
      return;
    }
    const ownAuth = request.routeOptions.config.ownAuth === true;
    if (!ownAuth && isPublicRequest(request)) return;
    const user = await identify(request);
    if (user) {
      request.user = user;
      request.siteAccess = true;
    } else if (!ownAuth) {
      return deny(request, reply, message);
    }
  });
}
