import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { seededRandom, type RandomSource } from '@lab/core/labels';
import { completeExpressTracking } from '@lab/core/shipping';

export interface SimParty {
  personName?: string;
  companyName?: string;
  phoneNumber?: string;
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

export interface SimShipment {
  master: string;
  trackingNumbers: string[];
  /** ms since epoch, the simulator's clock. */
  createdAt: number;
  cancelled: boolean;
  serviceType: string;
  shipDate: string;
  shipper: SimParty;
  recipient: SimParty;
  labels: Map<string, SimLabel>;
}

export type OpenShipmentState = 'OPEN' | 'CONFIRMED' | 'DELETED';

export interface OpenShipment {
  index: string;
  state: OpenShipmentState;
  requestedShipment: Record<string, unknown>;
  packages: { trackingNumber: string; line: Record<string, unknown> }[];
  createdAt: number;
  confirmedMaster?: string;
}

export type TokenCheck = 'ok' | 'missing' | 'expired' | 'invalid';

export interface SimStateOptions {
  seed: number | undefined;
  tokenTtlSeconds: number;
  maxShipments: number;
  now?: () => number;
}

/**
 * The simulator's memory: bounded LRU maps in this process (tokens are stateless HMACs, so any
 * process started with the same SIM_SEED accepts them). Shipments are sandbox data with no value
 * after the process ends, and keeping them out of the database keeps the simulator's latency to
 * its own work and lets `lab sim` run next to any database.
 */
export class SimState {
  readonly random: RandomSource;
  readonly now: () => number;
  private readonly secret: Buffer;
  private readonly ttlMs: number;
  /** Every tracking number the simulator issued → its shipment (several keys share one shipment). */
  readonly shipments: LRUCache<string, SimShipment>;
  /** Tracking numbers cancelled that the simulator did not issue (the sandbox accepts any once). */
  readonly cancelledUnknown: LRUCache<string, true>;
  readonly openShipments: LRUCache<string, OpenShipment>;
  private readonly issued = new Set<string>();

  constructor(readonly options: SimStateOptions) {
    const seed = options.seed ?? randomInt(0, 2 ** 31);
    this.random = seededRandom(seed);
    this.now = options.now ?? Date.now;
    this.secret =
      options.seed === undefined
        ? randomBytes(32)
        : createHash('sha256').update(`carrier-sim:${options.seed}`).digest();
    this.ttlMs = options.tokenTtlSeconds * 1000;
    const max = options.maxShipments;
    this.shipments = new LRUCache({ max: max * 4 });
    this.cancelledUnknown = new LRUCache({ max });
    this.openShipments = new LRUCache({ max });
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

  /** A new 12-digit express tracking number with a valid check digit, never issued before. */
  trackingNumber(): string {
    for (;;) {
      const t = completeExpressTracking(`7${this.digits(10)}`);
      if (!this.issued.has(t) && !this.shipments.has(t)) {
        this.issued.add(t);
        if (this.issued.size > this.options.maxShipments * 8) this.issued.clear();
        return t;
      }
    }
  }

  tokenTtlSeconds(): number {
    return this.ttlMs / 1000;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  issueToken(clientId: string): string {
    const expires = (this.now() + this.ttlMs).toString(36);
    const payload = `${expires}.${Buffer.from(clientId).toString('base64url')}`;
    return `sim.${payload}.${this.sign(payload)}`;
  }

  /** A bearer token's expiry and client once its signature is checked, or why it is not valid. */
  private readToken(authorization: string | undefined): { expires: number; client: string } | 'missing' | 'invalid' {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) return 'missing';
    const parts = m[1]!.split('.');
    if (parts.length !== 4 || parts[0] !== 'sim') return 'invalid';
    const payload = `${parts[1]}.${parts[2]}`;
    const given = Buffer.from(parts[3]!);
    const expected = Buffer.from(this.sign(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return { expires: parseInt(parts[1]!, 36), client: Buffer.from(parts[2]!, 'base64url').toString('utf8') };
  }

  checkToken(authorization: string | undefined): TokenCheck {
    const token = this.readToken(authorization);
    if (typeof token === 'string') return token;
    return token.expires > this.now() ? 'ok' : 'expired';
  }

  /** The client_id a bearer token was issued to; '' when it is not one of ours. */
  tokenClient(authorization: string | undefined): string {
    const token = this.readToken(authorization);
    return typeof token === 'string' ? '' : token.client;
  }

  addShipment(s: SimShipment): void {
    for (const t of s.trackingNumbers) this.shipments.set(t, s);
  }
}
