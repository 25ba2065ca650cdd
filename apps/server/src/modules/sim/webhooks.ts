import { createHmac, randomUUID } from 'node:crypto';
import { SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import { SIGNATURE_HEADER, webhookSignature } from '@lab/core/webhooks';
import { timeoutsOf, UpstreamError, type HttpClient } from '../../http/outbound.js';
import { addressCheckFor } from '../../http/targets.js';
import type { ServiceContext, SharedContext } from '../../module.js';
import { OutboxRepo, type QueueHead } from './outbox.js';

/** The scan events a simulated shipment goes through, in order. */
export const SIM_SCAN_EVENTS = [
  { code: 'OC', description: 'Shipment information sent to FedEx', city: 'MEMPHIS', state: 'TN', postal: '38118' },
  { code: 'PU', description: 'Picked up', city: 'MEMPHIS', state: 'TN', postal: '38118' },
  { code: 'IT', description: 'In transit', city: 'INDIANAPOLIS', state: 'IN', postal: '46241' },
  { code: 'OD', description: 'On FedEx vehicle for delivery', city: 'NEW YORK', state: 'NY', postal: '10001' },
  { code: 'DL', description: 'Delivered', city: 'NEW YORK', state: 'NY', postal: '10001' },
] as const;

const HOUR = 3_600_000;

/**
 * One shipment-visibility webhook delivery for `tracking` after the first `step + 1` scan
 * events: the envelope the receiver reads (outputMetaData[0].transactionId, .timestamp) and an
 * `output` shaped like the tracking API's completeTrackResults.
 */
export function shipmentWebhookPayload(tracking: string, step: number, start: Date, transactionId = randomUUID()) {
  const events = SIM_SCAN_EVENTS.slice(0, step + 1).map((e, i) => ({
    date: new Date(start.getTime() + i * 6 * HOUR).toISOString(),
    eventType: e.code,
    eventDescription: e.description,
    derivedStatusCode: e.code,
    derivedStatus: e.description,
    scanLocation: { city: e.city, stateOrProvinceCode: e.state, postalCode: e.postal, countryCode: 'US' },
  }));
  const latest = events[events.length - 1]!;
  return {
    outputMetaData: [{ transactionId, timestamp: latest.date, eventType: latest.eventType }],
    output: {
      completeTrackResults: [
        {
          trackingNumber: tracking,
          trackResults: [
            {
              trackingNumberInfo: { trackingNumber: tracking, carrierCode: 'FDXE' },
              latestStatusDetail: {
                code: latest.eventType,
                derivedCode: latest.eventType,
                statusByLocale: latest.eventDescription,
                description: latest.eventDescription,
                scanLocation: latest.scanLocation,
              },
              scanEvents: [...events].reverse(),
            },
          ],
        },
      ],
    },
  };
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

/**
 * Posts the whole scan history of `tracking` as separate deliveries (one per event, in order),
 * each signed with `token` the way the carrier signs them: HMAC-SHA256 hex of the raw body in
 * x-fedex-signature, through `client`.
 */
export async function postShipmentWebhooks(
  client: HttpClient,
  options: { to: string; token: string; tracking: string; events?: number; start?: Date; timeoutMs?: number },
): Promise<WebhookDelivery[]> {
  const url = new URL(options.to);
  const count = Math.min(Math.max(options.events ?? SIM_SCAN_EVENTS.length, 1), SIM_SCAN_EVENTS.length);
  const start = options.start ?? new Date(Date.now() - (count - 1) * 6 * HOUR);
  const deliveries: WebhookDelivery[] = [];
  for (let step = 0; step < count; step++) {
    const body = JSON.stringify(shipmentWebhookPayload(options.tracking, step, start));
    const res = await client.send({
      upstream: { name: 'webhook destination', base: url.origin },
      method: 'POST',
      path: `${url.pathname}`,
      query: url.search.slice(1) || undefined,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: await webhookSignature(body, options.token),
      },
      body,
      timeouts: timeoutsOf(options.timeoutMs ?? 10_000),
      maxResponseBytes: 1024 * 1024,
    });
    deliveries.push({ status: res.status, body: res.body.toString('utf8') });
  }
  return deliveries;
}

/** One scan event to post to every subscription of its environment (carrier-sim: one per scan event row). */
export interface SimWebhookEvent {
  environment: SimEnvironmentName;
  /** Unique and stable per scan event (carrier-sim: `${scanEventRowId}`). */
  eventId: string;
  trackingNumber: string;
  eventType: string;
  /** When it happened, simulated epoch ms. */
  occurredAt: number;
  /** The exact JSON text to post: the carrier's shipment-visibility payload. */
  body: string;
}

/**
 * The `webhookSender` service (LabServices['webhookSender']): the simulators' signed
 * shipment-visibility webhooks, through an outbox in the database, posted with the app's outbound client.
 */
export interface WebhookSender {
  /**
   * Queues one delivery per event × subscription of the event's environment (twice for deliverTwice; a batch in
   * reverse order for outOfOrder), in one transaction, idempotently (unique subscription+eventId+copy: a batch queued
   * twice, e.g. by two instances racing, is delivered once). Resolves once stored; delivery runs in the background,
   * in order per subscription, signed x-fedex-signature = HMAC-SHA256 hex of the raw body with the token, retried with
   * backoff on failure (non-2xx or network error).
   */
  enqueue(events: readonly SimWebhookEvent[]): Promise<void>;
  /**
   * How many more events of `environment` may be queued now without the pending deliveries passing
   * SIM_WEBHOOK_MAX_PENDING (each event makes one row per subscription, two for deliverTwice);
   * Infinity when the environment has no subscription. The release of due events stops at it.
   */
  room(environment: SimEnvironmentName): Promise<number>;
  /** Resolves when this instance has nothing due to deliver now (tests, bench). */
  idle(): Promise<void>;
  /** Kept for stratus-sim (its orders have no lifecycle): queues the old five-event history for each number. */
  shipped(trackingNumbers: readonly string[]): void;
}

/** What the deliveries topic carries. */
export interface SimDeliveriesMessage {
  subscriptionId: string;
}

/** The x-fedex-signature of a body: HMAC-SHA256 hex keyed by the token (as @lab/core/webhooks computes it). */
export const signBody = (body: string, token: string): string => createHmac('sha256', token).update(body).digest('hex');

/** Deliveries leased at once per subscription (delivered one after the other, in order). */
const BATCH = 100;
/** One delivery's whole deadline. */
const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * How long a batch is leased, renewed after each delivery (heartbeat): another instance takes over
 * a dead one's queue this long after its last delivery. An instance stops a batch before its lease
 * could run out mid-call.
 */
const LEASE_MS = 20_000;
/** Subscriptions delivered to at once by one instance. */
const MAX_WORKERS = 8;
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * A failed delivery's error as stored and shown: a refusal or a timeout as the client words it, but
 * every other network failure alike (a closed port, a database, a server that hangs up): the
 * error must not tell what listens where.
 */
export function deliveryError(url: string, err: unknown): string {
  const message = err instanceof UpstreamError || err instanceof Error ? err.message : String(err);
  if (err instanceof UpstreamError && err.statusCode === 502 && / is unreachable: /.test(message)) {
    return `upstream webhook subscriber (${URL.canParse(url) ? new URL(url).origin : url}) is unreachable: no HTTP answer`;
  }
  return message;
}

type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * The outbox's deliverer, one per app: finds the subscriptions whose queue head is due (on start,
 * after each enqueue, when another instance publishes on the deliveries topic, and at the next
 * retry), leases a prefix of each queue and posts it in order. Failed attempts are retried after
 * SIM_WEBHOOK_RETRY_MS × 2^(attempts−1) up to SIM_WEBHOOK_MAX_ATTEMPTS; then the row is failed and
 * the next one goes.
 */
export class WebhookOutbox implements WebhookSender {
  readonly repo: OutboxRepo;
  private readonly owner = randomUUID();
  private readonly workers = new Map<string, Promise<void>>();
  private scanning: Promise<void> | undefined;
  private rescan = false;
  private wake: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly offBus: () => void;

  constructor(private readonly ctx: SharedContext) {
    this.repo = new OutboxRepo(ctx.db);
    this.offBus = ctx.bus.subscribe(SIMULATOR_TOPICS.deliveries, () => this.kick());
    this.kick();
  }

  async enqueue(events: readonly SimWebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.repo.syncSettings(this.ctx.config);
    const touched = await this.repo.enqueue(events, Date.now());
    if (touched.length === 0) return;
    this.kick();
    await Promise.all(touched.map((id) => this.publish(id)));
    await this.repo.prune().catch((err: unknown) => this.ctx.log.warn({ err }, 'simulated webhook retention deferred'));
  }

  async room(environment: SimEnvironmentName): Promise<number> {
    await this.repo.syncSettings(this.ctx.config);
    const perEvent = await this.repo.rowsPerEvent(environment);
    if (perEvent === 0) return Infinity;
    const free = this.ctx.config.simWebhookMaxPending - (await this.repo.pendingCount());
    return Math.max(0, Math.floor(free / perEvent));
  }

  shipped(trackingNumbers: readonly string[]): void {
    const events: SimWebhookEvent[] = [];
    for (const tracking of trackingNumbers) {
      const start = new Date(Date.now() - (SIM_SCAN_EVENTS.length - 1) * 6 * HOUR);
      SIM_SCAN_EVENTS.forEach((e, step) => {
        events.push({
          environment: 'sandbox',
          eventId: `shipped:${tracking}:${e.code}`,
          trackingNumber: tracking,
          eventType: e.code,
          occurredAt: start.getTime() + step * 6 * HOUR,
          body: JSON.stringify(shipmentWebhookPayload(tracking, step, start)),
        });
      });
    }
    this.enqueue(events).catch((err: unknown) =>
      this.ctx.log.warn({ err, trackingNumbers }, 'simulated webhooks not queued'),
    );
  }

  async idle(): Promise<void> {
    for (;;) {
      while (this.scanning || this.workers.size > 0) {
        await Promise.all([this.scanning, ...this.workers.values()]);
      }
      if (this.closed) return;
      const now = Date.now();
      if (!(await this.repo.heads()).some((h) => this.isDue(h, now))) {
        if (!this.scanning && this.workers.size === 0) return;
        continue;
      }
      this.kick();
    }
  }

  private isDue(head: QueueHead, now: number): boolean {
    return (
      !this.workers.has(head.subscriptionId) &&
      head.nextAttemptAt <= now &&
      (head.leaseUntil === null || head.leaseUntil < now)
    );
  }

  /** Looks for due queues now (once more after the running look, when one is running). */
  kick(): void {
    if (this.closed) return;
    if (this.scanning) {
      this.rescan = true;
      return;
    }
    this.scanning = this.scan().finally(() => {
      this.scanning = undefined;
      if (this.rescan) {
        this.rescan = false;
        this.kick();
      }
    });
  }

  private async scan(): Promise<void> {
    try {
      const now = Date.now();
      const heads = await this.repo.heads();
      let wakeAt = Infinity;
      for (const head of heads) {
        if (this.workers.has(head.subscriptionId)) continue;
        if (this.isDue(head, now)) {
          if (this.workers.size < MAX_WORKERS) this.start(head.subscriptionId);
          continue;
        }
        wakeAt = Math.min(wakeAt, Math.max(head.nextAttemptAt, (head.leaseUntil ?? 0) + 1));
      }
      this.schedule(wakeAt);
    } catch (err) {
      if (!this.closed) this.ctx.log.error({ err }, 'simulated webhook outbox scan failed');
    }
  }

  private schedule(at: number): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = undefined;
    if (!Number.isFinite(at) || this.closed) return;
    this.wake = setTimeout(
      () => {
        this.wake = undefined;
        this.kick();
      },
      Math.min(Math.max(0, at - Date.now()), 2_147_000_000),
    );
    this.wake.unref();
  }

  private start(subscriptionId: string): void {
    const worker = this.work(subscriptionId)
      .catch((err: unknown) => {
        if (!this.closed) this.ctx.log.error({ err, subscriptionId }, 'simulated webhook delivery failed');
      })
      .finally(() => {
        this.workers.delete(subscriptionId);
        // A slot is free and this queue may have a retry to schedule: look again.
        this.kick();
      });
    this.workers.set(subscriptionId, worker);
  }

  /** Leases and delivers this subscription's queue, batch after batch, until nothing of it is due. */
  private async work(subscriptionId: string): Promise<void> {
    const { simWebhookMaxAttempts: maxAttempts, simWebhookRetryMs: retryMs } = this.ctx.config;
    while (!this.closed) {
      const now = Date.now();
      let leaseUntil = now + LEASE_MS;
      // Read first: a subscription removed meanwhile has no rows left to lease (they go with it).
      const sub = await this.repo.subscription(subscriptionId);
      if (!sub) return;
      const batch = await this.repo.claim(subscriptionId, this.owner, now, leaseUntil, BATCH);
      if (batch.length === 0) return;
      const leased = batch.map((r) => r.id);
      let stopped = false;
      let hadError = false;
      let recovered = false;
      for (const row of batch) {
        if (this.closed || Date.now() + DELIVERY_TIMEOUT_MS + 5_000 > leaseUntil) {
          stopped = true;
          break;
        }
        const attempt = await this.post(sub.url, sub.token, row.body);
        if (attempt.ok) {
          // Marked as it is delivered: after a crash only the call in flight may repeat.
          leaseUntil = Date.now() + LEASE_MS;
          await this.repo.deliveredOne(row.id, leased, this.owner, attempt.status, Date.now(), leaseUntil);
          if (row.attempts > 0) recovered = true;
          continue;
        }
        hadError = true;
        const attempts = row.attempts + 1;
        const retryAt = attempts >= maxAttempts ? null : Date.now() + retryMs * 2 ** (attempts - 1);
        await this.repo.attemptFailed(row.id, this.owner, attempts, attempt.status, attempt.error, retryAt);
        await this.repo.setLastError(subscriptionId, attempt.error);
        if (retryAt !== null) {
          stopped = true;
          break;
        }
      }
      if (recovered && !hadError) await this.repo.setLastError(subscriptionId, null);
      await this.repo.release(leased, this.owner);
      await this.publish(subscriptionId);
      if (stopped) return;
    }
  }

  private async post(url: string, token: string, body: string): Promise<Attempt> {
    try {
      const target = new URL(url);
      const res = await this.ctx.outbound.send({
        upstream: { name: 'webhook subscriber', base: target.origin },
        method: 'POST',
        path: target.pathname,
        query: target.search.slice(1) || undefined,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, token) },
        body,
        timeouts: timeoutsOf(DELIVERY_TIMEOUT_MS),
        maxResponseBytes: MAX_REPLY_BYTES,
        addressCheck: addressCheckFor(this.ctx.config.simWebhookAllowedNetworks),
      });
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
      return { ok: false, status: res.status, error: `answered ${res.status}` };
    } catch (err) {
      return { ok: false, status: null, error: deliveryError(url, err) };
    }
  }

  private async publish(subscriptionId: string): Promise<void> {
    try {
      const message: SimDeliveriesMessage = { subscriptionId };
      await this.ctx.bus.publish(SIMULATOR_TOPICS.deliveries, message);
    } catch (err) {
      if (!this.closed) this.ctx.log.warn({ err }, 'simulated webhook deliveries not published');
    }
  }

  /** Stops looking and delivering (a batch under way ends after its current call) and waits for it. */
  async close(): Promise<void> {
    this.closed = true;
    this.offBus();
    if (this.wake) clearTimeout(this.wake);
    await Promise.all([this.scanning, ...this.workers.values()]);
  }
}

export function createWebhookSender(ctx: ServiceContext): WebhookSender {
  return new WebhookOutbox(ctx);
}
