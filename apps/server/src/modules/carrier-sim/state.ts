import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CarrierEnvironment } from '@lab/core/carrier';
import { seededRandom, type RandomSource } from '@lab/core/labels';
import { completeExpressTracking } from '@lab/core/shipping';

export interface SimParty {
  personName?: string | undefined;
  companyName?: string | undefined;
  phoneNumber?: string | undefined;
  streetLines: string[];
  city: string;
  stateOrProvinceCode: string;
  postalCode: string;
  countryCode: string;
}

export interface SimLabel {
  contentType: string;
  /** File extension of the label URL (pdf, png, zpl). */
  ext: string;
  body: Buffer;
}

/**
 * The carrier environment a simulator host plays: the sandbox at /lab/sim/carrier, production at
 * /lab/sim/carrier/production (the gateway maps its environments there). A token is good on the
 * environment that issued it only, as on the carrier's two hosts.
 */
export type SimEnvironment = CarrierEnvironment;

export type TokenCheck = 'ok' | 'missing' | 'expired' | 'invalid' | 'other-environment';

/**
 * How a token was earned, signed into it: `open` — any client id under AUTH=off; `site` — a caller
 * the site let in (a signed-in user, the gateway), good only on calls the site lets in too;
 * `credential` — a twin credential, good while the credential is not revoked.
 */
export const TOKEN_GRANTS = ['open', 'site', 'credential'] as const;
export type TokenGrant = (typeof TOKEN_GRANTS)[number];

/** A bearer token whose signature holds. */
export interface SimToken {
  expires: number;
  client: string;
  environment: string;
  grant: TokenGrant;
}

export interface SimStateOptions {
  seed: number | undefined;
  /** The token key (the simSeed service's shared secret); without it, derived from `seed` or random. */
  secret?: Buffer;
  tokenTtlSeconds: number;
  now?: () => number;
}

/**
 * What the simulator keeps in process: its random source, its clock and the secret its bearer
 * tokens are signed with (stateless HMACs; the app passes the key shared through the database, so
 * every instance on it accepts them). Shipments and everything else it remembers live in the database (repo.ts).
 */
export class SimState {
  readonly random: RandomSource;
  readonly now: () => number;
  private readonly secret: Buffer;
  private readonly ttlMs: number;

  constructor(readonly options: SimStateOptions) {
    const seed = options.seed ?? randomInt(0, 2 ** 31);
    this.random = seededRandom(seed);
    this.now = options.now ?? Date.now;
    this.secret =
      options.secret ??
      (options.seed === undefined
        ? randomBytes(32)
        : createHash('sha256').update(`carrier-sim:${options.seed}`).digest());
    this.ttlMs = options.tokenTtlSeconds * 1000;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.random() * 10);
    return s;
  }

  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.random() * 16).toString(16);
    return s;
  }

  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /**
   * A 12-digit express tracking number with a valid check digit, drawn from the seeded source: a
   * candidate, which the caller checks against the numbers the database already holds (an
   * instance with the same seed, or this one before a restart, may have issued it already).
   */
  trackingNumberCandidate(): string {
    return completeExpressTracking(`7${this.digits(10)}`);
  }

  tokenTtlSeconds(): number {
    return this.ttlMs / 1000;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  /**
   * `sim.<expiry>.<client>.<environment>.<grant>.<signature>`: the environment and the grant are
   * signed in with the rest.
   */
  issueToken(clientId: string, environment: SimEnvironment = 'sandbox', grant: TokenGrant = 'open'): string {
    const expires = (this.now() + this.ttlMs).toString(36);
    const payload = `${expires}.${Buffer.from(clientId).toString('base64url')}.${environment}.${grant}`;
    return `sim.${payload}.${this.sign(payload)}`;
  }

  /** A bearer token's expiry, client, environment and grant once its signature is checked, or why it is not valid. */
  readToken(authorization: string | undefined): SimToken | 'missing' | 'invalid' {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) return 'missing';
    const parts = m[1]!.split('.');
    if (parts.length !== 6 || parts[0] !== 'sim') return 'invalid';
    const payload = parts.slice(1, 5).join('.');
    const given = Buffer.from(parts[5]!);
    const expected = Buffer.from(this.sign(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const grant = parts[4] as TokenGrant;
    if (!TOKEN_GRANTS.includes(grant)) return 'invalid';
    return {
      expires: parseInt(parts[1]!, 36),
      client: Buffer.from(parts[2]!, 'base64url').toString('utf8'),
      environment: parts[3]!,
      grant,
    };
  }

  checkToken(authorization: string | undefined, environment: SimEnvironment = 'sandbox'): TokenCheck {
    const token = this.readToken(authorization);
    if (typeof token === 'string') return token;
    if (token.environment !== environment) return 'other-environment';
    return token.expires > this.now() ? 'ok' : 'expired';
  }

  /** The client_id a bearer token was issued to; '' when it is not one of ours. */
  tokenClient(authorization: string | undefined): string {
    const token = this.readToken(authorization);
    return typeof token === 'string' ? '' : token.client;
  }
}
