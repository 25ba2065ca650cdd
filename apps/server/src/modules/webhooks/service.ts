import { envelopeFields, SIGNATURE_HEADER, type WebhookEvent, type WebhookSummary } from '@lab/core/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../realtime/bus.js';
import type { WebhookListRow, WebhookRepo, WebhookRow } from './repo.js';

export { CHANNEL_PATTERN, DEFAULT_CHANNEL, type WebhookEvent, type WebhookSummary } from '@lab/core/webhooks';

export const webhookTopic = (channel: string) => `webhooks/${channel}`;

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

export function rowFromRequest(req: ReceivedRequest): Omit<WebhookRow, 'id'> {
  const q = req.url.indexOf('?');
  const { isJson, value } = parseJsonBody(req.body);
  const fields = isJson ? envelopeFields(value) : { transactionId: null, timestamp: null };
  return {
    channel: req.channel,
    received_at: req.receivedAt.toISOString(),
    method: req.method,
    path: q === -1 ? req.url : req.url.slice(0, q),
    query: q === -1 ? '' : req.url.slice(q + 1),
    source_ip: req.ip,
    headers: JSON.stringify(req.headers),
    signature: headerText(req.headers[SIGNATURE_HEADER]),
    content_type: headerText(req.headers['content-type']),
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

/** Publishes after the commit; a bus failure is logged, never turned into a lost acknowledgement. */
export function publishEvent(bus: Bus, log: FastifyBaseLogger, channel: string, event: WebhookEvent) {
  bus
    .publish(webhookTopic(channel), event)
    .catch((err: unknown) => log.warn({ err, channel }, 'webhook event not published'));
}
