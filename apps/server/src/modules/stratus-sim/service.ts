import { carrierLabelZpl } from '@lab/core/carrier/label';
import type { RandomSource } from '@lab/core/labels';
import { completeExpressTracking } from '@lab/core/shipping';
import { checkFormat, parseTransaction, type TransactionField } from '@lab/core/transactions';
import type { StratusLabelRow, StratusOrderRepo } from './repo.js';
import { transactionLabels } from './transactionLabel.js';

/** The token lifetime Stratus promises (seconds). */
export const STRATUS_TOKEN_SECONDS = 3300;
/** A client secret or api key with this value is refused: the documented failing credentials. */
export const STRATUS_INVALID_CREDENTIAL = 'invalid';
export const MAX_PACKAGES = 99;
/** How long a poll waits for an order's PDF labels before it answers PENDING (Stratus's gateway waits 5 s). */
export const RENDER_WAIT_MS = 3_000;
/** Orders kept in the database (oldest go first). */
export const MAX_ORDERS = 5_000;

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

/** Tokens kept at once; past it the oldest is dropped (a client asking for tokens in a loop cannot grow the table). */
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

export interface StratusSimulatorOptions {
  random: RandomSource;
  /** Where orders and their labels live (the module's tables). */
  repo: StratusOrderRepo;
  pendingPolls: number;
  /** ZPL → PDF (the app's label renderer) for an order of `owner` (the client key that placed it). */
  renderPdf: (zpl: string, owner: string) => Promise<Buffer>;
  now?: () => number;
  /** Live tokens kept at once (default MAX_LIVE_TOKENS). */
  maxLiveTokens?: number;
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
 * package (field 116), drawn from the transaction's own fields (transactionLabel.ts) as ZPL
 * (field 187 ZEBRA) or PDF (DIB), or FAILED with one error label when the transaction breaks a
 * rule or lacks a required field. Orders, labels and tokens live in the module's tables (repo.ts),
 * shared by every instance on the database. Everything random comes from the seeded source.
 */
export class StratusSimulator {
  private readonly now: () => number;
  /** PDF renders under way, by order id (a poll joins the render its order's creation started). */
  private readonly rendering = new Map<string, Promise<StratusLabelRow[]>>();

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

  async issueToken(authorization: string | undefined, grantType: unknown, scope: unknown) {
    if (grantType !== 'client_credentials' || scope !== 'oob')
      throw new StratusError(400, STRATUS_MESSAGES.grant, true);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon <= 0 || colon === decoded.length - 1) throw new StratusError(401, STRATUS_MESSAGES.noBasic, true);
    if (decoded.slice(colon + 1) === STRATUS_INVALID_CREDENTIAL)
      throw new StratusError(401, STRATUS_MESSAGES.badClient, true);
    const now = this.now();
    const token = this.hex(40);
    // Kept in the database (every instance accepts it); the expired and the oldest past the bound go.
    await this.options.repo.addToken(
      token,
      decoded.slice(0, colon),
      now + STRATUS_TOKEN_SECONDS * 1000,
      now,
      this.options.maxLiveTokens ?? MAX_LIVE_TOKENS,
    );
    return { access_token: token, token_type: 'Bearer', expires_in: STRATUS_TOKEN_SECONDS, scope: 'oob' };
  }

  /**
   * A live bearer token, and an api key: required by greet (the call that verifies the key);
   * on order calls the key is optional (the product documents it for greet only) but the failing
   * one is still refused. Answers the client key the token was issued to.
   */
  async authorize(authorization: string | undefined, apiKey: string | undefined, keyRequired = true): Promise<string> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const live = token === undefined ? undefined : await this.options.repo.token(token);
    if (live === undefined || live.expires <= this.now()) throw new StratusError(401, STRATUS_MESSAGES.noBearer);
    if ((keyRequired && !apiKey) || apiKey === STRATUS_INVALID_CREDENTIAL) {
      throw new StratusError(401, STRATUS_MESSAGES.noApiKey);
    }
    return live.client;
  }

  /** How many tokens are kept (bounded by MAX_LIVE_TOKENS). */
  liveTokens(): Promise<number> {
    return this.options.repo.tokenCount();
  }

  greet() {
    return { Id: this.uuid(), Purpose: STRATUS_MESSAGES.purpose };
  }

  /**
   * A new order of `owner` (the client key authorize answered). What it settles to is decided now
   * and stored with its labels; polls only reveal it. PDF labels are rendered now too, while the
   * client waits between polls (a cold render takes seconds), and again on a poll if that failed.
   */
  async createOrder(body: unknown, owner = ''): Promise<{ Id: string }> {
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
    const printer = fields.find((f) => isField(f, 187))?.value;
    const imageType = printer === 'DIB' ? 'PDF' : 'ZPL';
    const outcome = this.outcome(fields);
    const labels =
      outcome.state === 'FAILED'
        ? [{ package_number: 0, tracking_number: '', zpl: errorLabelZpl(outcome.message) }]
        : outcome.zpl.map((zpl, i) => ({ package_number: i + 1, tracking_number: outcome.trackingNumbers[i]!, zpl }));
    await this.options.repo.insert(
      {
        order_id: id,
        owner,
        outcome: outcome.state,
        message: outcome.state === 'FAILED' ? outcome.message : null,
        polls: 0,
        created: new Date(this.now()).toISOString(),
      },
      labels.map((l) => ({
        order_id: id,
        ...l,
        image_type: imageType,
        data: imageType === 'ZPL' ? Buffer.from(l.zpl, 'utf8').toString('base64') : null,
      })),
      MAX_ORDERS,
    );
    if (outcome.state === 'COMPLETED') this.options.onShipped?.(outcome.trackingNumbers);
    if (imageType === 'PDF') this.renderMissing(id, owner).catch(() => {});
    return { Id: id };
  }

  /** The order as a poll sees it (each call is one poll); undefined when unknown. */
  async pollOrder(id: string): Promise<StratusOrder | undefined> {
    const order = await this.options.repo.poll(id);
    if (!order) return undefined;
    if (order.polls <= this.options.pendingPolls) {
      return { Id: id, State: 'PENDING', Labels: [], Packages: [], Documents: [] };
    }
    const labels = await this.labelsWithin(id, order.owner, RENDER_WAIT_MS);
    if (!labels) return { Id: id, State: 'PENDING', Labels: [], Packages: [], Documents: [] };
    const state = order.outcome === 'FAILED' ? 'FAILED' : 'COMPLETED';
    return {
      Id: id,
      State: state,
      Labels: labels.map((l) => ({ ImageType: l.image_type === 'PDF' ? 'PDF' : 'ZPL', Data: l.data! })),
      Packages: labels
        .filter((l) => l.package_number > 0)
        .map((l) => ({ TrackingNumber: l.tracking_number, PackageNumber: l.package_number })),
      Documents: [],
      ...(order.message !== null ? { Message: order.message } : {}),
    };
  }

  /**
   * The order's labels once every PDF is rendered, or undefined when that takes longer than
   * `waitMs` (the poll then answers PENDING, as Stratus does while it works, instead of holding the
   * client past its gateway's timeout; the render goes on and a later poll finds it done).
   */
  private async labelsWithin(id: string, owner: string, waitMs: number): Promise<StratusLabelRow[] | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
      timer.unref();
    });
    try {
      return await Promise.race([this.renderMissing(id, owner), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The order's labels, each PDF still missing rendered (once per order at a time) and stored. */
  private renderMissing(id: string, owner: string): Promise<StratusLabelRow[]> {
    let pending = this.rendering.get(id);
    if (!pending) {
      pending = (async () => {
        const labels = await this.options.repo.labels(id);
        // All at once: the pool runs them on its threads, so a poll waits for the slowest, not the sum.
        await Promise.all(
          labels
            .filter((l) => l.data === null)
            .map(async (l) => {
              l.data = (await this.options.renderPdf(l.zpl, owner)).toString('base64');
              await this.options.repo.setLabelData(id, l.package_number, l.data);
            }),
        );
        return labels;
      })().finally(() => this.rendering.delete(id));
      this.rendering.set(id, pending);
    }
    return pending;
  }

  /** The rule a transaction breaks (187 and 116), if any. */
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

  /** What a transaction settles to: FAILED with the rule in words, or COMPLETED with one label per package. */
  private outcome(
    fields: TransactionField[],
  ): { state: 'FAILED'; message: string } | { state: 'COMPLETED'; trackingNumbers: string[]; zpl: string[] } {
    const problem = StratusSimulator.ruleProblem(fields);
    if (problem) return { state: 'FAILED', message: problem };
    const count = Number(fields.find((f) => isField(f, 116))?.value ?? '1');
    const drawn = transactionLabels(fields, count, new Date(this.now()).toISOString().slice(0, 10));
    if (!drawn.ok) return { state: 'FAILED', message: drawn.message };
    const trackingNumbers = Array.from({ length: count }, () => this.trackingNumber());
    return { state: 'COMPLETED', trackingNumbers, zpl: drawn.labels(trackingNumbers).map(carrierLabelZpl) };
  }

  private trackingNumber(): string {
    let body = '7';
    for (let i = 0; i < 10; i++) body += Math.floor(this.options.random() * 10);
    return completeExpressTracking(body);
  }
}
