import { generateSampleLabel, type RandomSource } from '@lab/core/labels';
import { checkFormat, parseTransaction, type TransactionField } from '@lab/core/transactions';

/** The token lifetime Stratus promises (seconds). */
export const STRATUS_TOKEN_SECONDS = 3300;
/** A client secret or api key with this value is refused: the documented failing credentials. */
export const STRATUS_INVALID_CREDENTIAL = 'invalid';
export const MAX_PACKAGES = 99;
const MAX_ORDERS = 5_000;

export const STRATUS_MESSAGES = {
  noBasic: 'Basic authorization with the client key and secret is required',
  badClient: 'The client key and secret were not accepted',
  grant: 'grant_type must be client_credentials and scope must be oob',
  noBearer: 'A valid bearer token is required (missing, unknown or expired)',
  noApiKey: 'A valid x-api-key header is required',
  body: 'The body must be a JSON object with ProjetId and Transaction',
  projet: 'ProjetId must be a UUID',
  transaction: 'Transaction must be a non-empty string',
  endField: 'Transaction: end field incorrect (the last field must be 99)',
  purpose: 'Stratus simulator: your token and api key work',
} as const;

export type OrderState = 'PENDING' | 'COMPLETED' | 'FAILED';
export interface StratusLabel {
  ImageType: 'ZPL' | 'PDF';
  Data: string;
}
export interface StratusOrder {
  Id: string;
  State: OrderState;
  Labels: StratusLabel[];
  Packages: { TrackingNumber: string; PackageNumber: number }[];
  Documents: { Type: string; Data: string }[];
  /** FAILED only: the broken rule, the words the error label prints. */
  Message?: string;
}

/** Tokens held at once; past it the oldest is dropped (a client asking for tokens in a loop cannot grow the Map). */
export const MAX_LIVE_TOKENS = 10_000;

/** A request the simulator refuses, with the status and body Stratus would send. */
export class StratusError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404,
    message: string,
    readonly oauth = false,
  ) {
    super(message);
  }
  get body(): Record<string, string> {
    return this.oauth
      ? { error: this.statusCode === 401 ? 'invalid_client' : 'invalid_request', error_description: this.message }
      : { Message: this.message };
  }
}

interface OrderRecord {
  id: string;
  /** The API client that placed it (the client key its token was issued to). */
  owner: string;
  fields: TransactionField[];
  polls: number;
  settled?: Promise<StratusOrder>;
}

export interface StratusSimulatorOptions {
  random: RandomSource;
  pendingPolls: number;
  /** ZPL → PDF (the app's label renderer) for an order of `owner` (the client key that placed it). */
  renderPdf: (zpl: string, owner: string) => Promise<Buffer>;
  now?: () => number;
  /** Called with the tracking numbers of each order that completes (e.g. to post webhooks). */
  onShipped?: (trackingNumbers: string[]) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isField = (f: TransactionField, id: number) => f.suffix === null && Number(f.id) === id;

/** ZPL-safe text: no command prefixes. */
const zplText = (text: string) => text.replace(/[\^~\\]/g, ' ');

/** A one-label ZPL that says why the order failed (Stratus's "error label"). */
export function errorLabelZpl(reason: string): string {
  return [
    '^XA',
    '^CI28',
    '^PW812^LL1218^LH0,0',
    '^FO40,60^A0N,64,60^FDSTRATUS ORDER FAILED^FS',
    '^FO40,150^GB732,4,4^FS',
    `^FO40,190^A0N,34,32^FB732,12,8,L^FD${zplText(reason)}^FS`,
    '^XZ',
  ].join('\n');
}

/**
 * The offline Stratus: client-credential tokens (Basic auth, 3300 s), greet, and orders that
 * answer PENDING for the first polls, then COMPLETED with one label and tracking number per
 * package (field 116) as ZPL (field 187 ZEBRA) or PDF (DIB), or FAILED with one error label when
 * the transaction breaks a rule. Everything random comes from the seeded source.
 */
export class StratusSimulator {
  /** Live tokens: when each expires and the client key it was issued to. */
  private readonly tokens = new Map<string, { expires: number; client: string }>();
  private readonly orders = new Map<string, OrderRecord>();
  private readonly now: () => number;

  constructor(private readonly options: StratusSimulatorOptions) {
    this.now = options.now ?? Date.now;
  }

  private hex(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(this.options.random() * 16).toString(16);
    return out;
  }

  private uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  issueToken(authorization: string | undefined, grantType: unknown, scope: unknown) {
    if (grantType !== 'client_credentials' || scope !== 'oob')
      throw new StratusError(400, STRATUS_MESSAGES.grant, true);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon <= 0 || colon === decoded.length - 1) throw new StratusError(401, STRATUS_MESSAGES.noBasic, true);
    if (decoded.slice(colon + 1) === STRATUS_INVALID_CREDENTIAL)
      throw new StratusError(401, STRATUS_MESSAGES.badClient, true);
    const now = this.now();
    // Tokens live STRATUS_TOKEN_SECONDS each, so the Map's insertion order is expiry order: drop
    // from the front while expired (never a scan of every token), and the oldest past the bound.
    for (const [t, { expires }] of this.tokens) {
      if (expires > now && this.tokens.size < MAX_LIVE_TOKENS) break;
      this.tokens.delete(t);
    }
    const token = this.hex(40);
    this.tokens.set(token, { expires: now + STRATUS_TOKEN_SECONDS * 1000, client: decoded.slice(0, colon) });
    return { access_token: token, token_type: 'Bearer', expires_in: STRATUS_TOKEN_SECONDS, scope: 'oob' };
  }

  /**
   * A live bearer token, and an api key: required by greet (the call that verifies the key);
   * on order calls the key is optional (the product documents it for greet only) but the failing
   * one is still refused. Answers the client key the token was issued to.
   */
  authorize(authorization: string | undefined, apiKey: string | undefined, keyRequired = true): string {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const live = token === undefined ? undefined : this.tokens.get(token);
    if (live === undefined || live.expires <= this.now()) throw new StratusError(401, STRATUS_MESSAGES.noBearer);
    if ((keyRequired && !apiKey) || apiKey === STRATUS_INVALID_CREDENTIAL) {
      throw new StratusError(401, STRATUS_MESSAGES.noApiKey);
    }
    return live.client;
  }

  /** How many tokens are held (bounded by MAX_LIVE_TOKENS). */
  liveTokens(): number {
    return this.tokens.size;
  }

  greet() {
    return { Id: this.uuid(), Purpose: STRATUS_MESSAGES.purpose };
  }

  /** A new order of `owner` (the client key authorize answered). */
  createOrder(body: unknown, owner = ''): { Id: string } {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new StratusError(400, STRATUS_MESSAGES.body);
    const { ProjetId, Transaction } = body as Record<string, unknown>;
    if (typeof ProjetId !== 'string' || !UUID.test(ProjetId)) throw new StratusError(400, STRATUS_MESSAGES.projet);
    if (typeof Transaction !== 'string' || Transaction.trim() === '') {
      throw new StratusError(400, STRATUS_MESSAGES.transaction);
    }
    const check = checkFormat(Transaction);
    if (!check.ok) throw new StratusError(400, `Transaction: format incorrect at ${check.position}: ${check.reason}`);
    const parsed = parseTransaction(Transaction);
    const fields = parsed.ok ? parsed.fields : [];
    const last = fields[fields.length - 1];
    if (!last || !isField(last, 99)) throw new StratusError(400, STRATUS_MESSAGES.endField);
    const id = this.uuid();
    if (this.orders.size >= MAX_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    const record: OrderRecord = { id, owner, fields, polls: 0 };
    this.orders.set(id, record);
    // Labels are made now, while the client waits between polls (a cold PDF render takes seconds).
    this.startSettling(record).catch(() => {});
    return { Id: id };
  }

  /** The order as a poll sees it (each call is one poll); undefined when unknown. */
  async pollOrder(id: string): Promise<StratusOrder | undefined> {
    const order = this.orders.get(id);
    if (!order) return undefined;
    order.polls++;
    if (order.polls <= this.options.pendingPolls) {
      return { Id: id, State: 'PENDING', Labels: [], Packages: [], Documents: [] };
    }
    return this.startSettling(order);
  }

  private startSettling(order: OrderRecord): Promise<StratusOrder> {
    order.settled ??= this.settle(order).catch((err: unknown) => {
      order.settled = undefined; // a failed render is retried on the next poll
      throw err;
    });
    return order.settled;
  }

  /** The rule a transaction breaks, if any. */
  static ruleProblem(fields: TransactionField[]): string | undefined {
    const printer = fields.find((f) => isField(f, 187))?.value;
    if (printer !== 'ZEBRA' && printer !== 'DIB') {
      return printer === undefined
        ? 'field 187 (label printer type) is missing: use ZEBRA for ZPL or DIB for PDF'
        : `field 187 (label printer type) must be ZEBRA or DIB, got "${printer}"`;
    }
    const count = fields.find((f) => isField(f, 116))?.value;
    if (
      count !== undefined &&
      !(/^\d{1,2}$/.test(count.trim()) && Number(count) >= 1 && Number(count) <= MAX_PACKAGES)
    ) {
      return `field 116 (package count) must be a whole number from 1 to ${MAX_PACKAGES}, got "${count}"`;
    }
    return undefined;
  }

  private async label(order: OrderRecord, zpl: string, printer: string | undefined): Promise<StratusLabel> {
    if (printer === 'DIB') {
      return { ImageType: 'PDF', Data: (await this.options.renderPdf(zpl, order.owner)).toString('base64') };
    }
    return { ImageType: 'ZPL', Data: Buffer.from(zpl, 'utf8').toString('base64') };
  }

  private async settle(order: OrderRecord): Promise<StratusOrder> {
    const printer = order.fields.find((f) => isField(f, 187))?.value;
    const problem = StratusSimulator.ruleProblem(order.fields);
    if (problem) {
      return {
        Id: order.id,
        State: 'FAILED',
        Labels: [await this.label(order, errorLabelZpl(problem), printer)],
        Packages: [],
        Documents: [],
        Message: problem,
      };
    }
    const count = Number(order.fields.find((f) => isField(f, 116))?.value ?? '1');
    const shipDate = new Date(this.now());
    const samples = Array.from({ length: count }, () => generateSampleLabel(this.options.random, shipDate));
    const labels = await Promise.all(samples.map((s) => this.label(order, s.zpl, printer)));
    const packages = samples.map((s, i) => ({ TrackingNumber: s.trackingNumber, PackageNumber: i + 1 }));
    this.options.onShipped?.(packages.map((p) => p.TrackingNumber));
    return { Id: order.id, State: 'COMPLETED', Labels: labels, Packages: packages, Documents: [] };
  }
}
