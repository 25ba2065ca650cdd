import {
  envelopeFields,
  SIGNATURE_HEADER,
  webhookTopic,
  type WebhookEvent,
  type WebhookSummary,
} from '@lab/core/webhooks';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { isSecretName } from '../../http/redact.js';
import type { Bus } from '../../realtime/bus.js';
import type { WebhookListRow, WebhookRepo, WebhookRow } from './repo.js';

export { CHANNEL_PATTERN, DEFAULT_CHANNEL, type WebhookEvent, type WebhookSummary } from '@lab/core/webhooks';

// Caps keep a summary far below the bus limit (~7.9 KB) whatever a sender puts in its headers.
const MAX_PATH = 500;
const MAX_SIGNATURE = 200;

export function toSummary(row: WebhookListRow): WebhookSummary {
  return {
    id: Number(row.id),
    channel: row.channel,
    receivedAt: row.received_at,
    path: row.path.slice(0, MAX_PATH),
    signature: row.signature === null ? null : row.signature.slice(0, MAX_SIGNATURE),
    transactionId: row.transaction_id,
    timestamp: row.event_timestamp,
    isJson: Number(row.is_json) === 1,
    size: Number(row.body_size),
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** JSON when the bytes are valid UTF-8 (a BOM allowed) holding one JSON value. */
export function parseJsonBody(body: Buffer): { isJson: boolean; value: unknown } {
  if (body.length === 0) return { isJson: false, value: undefined };
  try {
    return { isJson: true, value: JSON.parse(utf8.decode(body)) };
  } catch {
    return { isJson: false, value: undefined };
  }
}

export interface ReceivedRequest {
  channel: string;
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  receivedAt: Date;
}

function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Headers whose values are credentials (this, or the shared rule `isSecretName`): stored with their names, values masked. */
export const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api[-_]?key|session|password|credential/i;
export const MASKED = '[masked]';

/** The headers with credential values replaced by `[masked]` (names kept, so the inspector shows they were sent). */
export function maskHeaders(headers: ReceivedRequest['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] =
      SECRET_HEADER.test(name) || isSecretName(name)
        ? Array.isArray(value)
          ? value.map(() => MASKED)
          : MASKED
        : value;
  }
  return out;
}

/** The largest body a compressed delivery may expand to when it is decoded for display. */
export const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/**
 * The body decoded from its Content-Encoding (gzip, deflate, br; several in the order applied), or
 * undefined when the encoding is unknown, the bytes are corrupt or they expand past MAX_DECODED_BYTES.
 */
export function decodeBody(raw: Buffer, encoding: string | null): Buffer | undefined {
  if (!encoding) return raw;
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity')
    .reverse();
  const options = { maxOutputLength: MAX_DECODED_BYTES };
  let bytes = raw;
  try {
    for (const coding of codings) {
      if (coding === 'gzip' || coding === 'x-gzip') bytes = zlib.gunzipSync(bytes, options);
      else if (coding === 'deflate') bytes = zlib.inflateSync(bytes, options);
      else if (coding === 'br') bytes = zlib.brotliDecompressSync(bytes, options);
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return bytes;
}

export function rowFromRequest(req: ReceivedRequest): Omit<WebhookRow, 'id'> {
  const q = req.url.indexOf('?');
  const contentEncoding = headerText(req.headers['content-encoding']);
  const decoded = decodeBody(req.body, contentEncoding);
  const { isJson, value } = decoded ? parseJsonBody(decoded) : { isJson: false, value: undefined };
  const fields = isJson ? envelopeFields(value) : { transactionId: null, timestamp: null };
  return {
    channel: req.channel,
    received_at: req.receivedAt.toISOString(),
    method: req.method,
    path: q === -1 ? req.url : req.url.slice(0, q),
    query: q === -1 ? '' : req.url.slice(q + 1),
    source_ip: req.ip,
    headers: JSON.stringify(maskHeaders(req.headers)),
    signature: headerText(req.headers[SIGNATURE_HEADER]),
    content_type: headerText(req.headers['content-type']),
    content_encoding: contentEncoding,
    body: req.body,
    body_size: req.body.length,
    is_json: isJson ? 1 : 0,
    transaction_id: fields.transactionId,
    event_timestamp: fields.timestamp,
  };
}

/**
 * Keeps the newest N per channel. Inserts only mark a channel; a timer prunes marked channels in
 * the background so the receiver never waits on a DELETE.
 */
export class WebhookPruner {
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly repo: WebhookRepo,
    private readonly keep: number,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  noteInsert(channel: string) {
    this.dirty.add(channel);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pruneNow().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async pruneNow(): Promise<void> {
    const channels = [...this.dirty];
    this.dirty.clear();
    for (const channel of channels) {
      try {
        const removed = await this.repo.prune(channel, this.keep);
        if (removed) this.log.debug({ channel, removed }, 'pruned old webhooks');
      } catch (err) {
        this.log.warn({ err, channel }, 'webhook pruning failed; will retry on the next insert');
      }
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** Storage over every channel is full: the delivery is refused with 507 (not stored, not acknowledged). */
export class WebhookStorageFullError extends Error {
  readonly statusCode = 507;
}

/**
 * The global caps (rows and body bytes over every channel). Totals are read from the database at
 * most once a second (other instances and deletions change them) and counted locally between reads.
 */
export class WebhookQuota {
  private totals: { rows: number; bytes: number } | undefined;
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly repo: WebhookRepo,
    private readonly maxRows: number,
    private readonly maxBytes: number,
    private readonly refreshMs = 1000,
  ) {}

  /** Throws WebhookStorageFullError when one more body of `size` bytes would pass a cap. */
  async reserve(size: number): Promise<void> {
    if (!this.totals || Date.now() - this.readAt > this.refreshMs) {
      this.reading ??= this.repo
        .totals()
        .then((t) => {
          this.totals = t;
          this.readAt = Date.now();
        })
        .finally(() => (this.reading = undefined));
      await this.reading;
    }
    const t = this.totals!;
    if (t.rows + 1 > this.maxRows) {
      throw new WebhookStorageFullError(
        `webhook storage is full: ${t.rows} of ${this.maxRows} deliveries stored (WEBHOOK_MAX_TOTAL_ROWS); delete old channels`,
      );
    }
    if (t.bytes + size > this.maxBytes) {
      throw new WebhookStorageFullError(
        `webhook storage is full: ${t.bytes} of ${this.maxBytes} bytes stored (WEBHOOK_MAX_TOTAL_BYTES); delete old channels`,
      );
    }
    t.rows += 1;
    t.bytes += size;
  }

  /** Forget the counted totals (after deletions) so the next delivery reads them again. */
  invalidate(): void {
    this.totals = undefined;
  }
}

/** Publishes after the commit; a bus failure is logged, never turned into a lost acknowledgement. */
export function publishEvent(bus: Bus, log: FastifyBaseLogger, channel: string, event: WebhookEvent) {
  bus
    .publish(webhookTopic(channel), event)
    .catch((err: unknown) => log.warn({ err, channel }, 'webhook event not published'));
}
