import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { SimEnvironmentName } from '@lab/core/simulator';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { SimDeliveryTable, SimSubscriptionTable } from './tables.js';

export type SubscriptionRow = Selectable<SimSubscriptionTable>;
export type DeliveryRow = Selectable<SimDeliveryTable>;

/** The default subscription's id (SIM_WEBHOOK_URL / SIM_WEBHOOK_TOKEN). */
export const SETTINGS_SUBSCRIPTION_ID = 'settings';
/** Delivered and failed rows kept (newest first); pending ones are always kept. */
export const KEEP_FINISHED_DELIVERIES = 10_000;

/** An event as stored in the outbox (SimWebhookEvent of the webhookSender service). */
export interface OutboxEvent {
  environment: SimEnvironmentName;
  eventId: string;
  trackingNumber: string;
  eventType: string;
  occurredAt: number;
  body: string;
}

export interface Counts {
  delivered: number;
  pending: number;
  failed: number;
}

/** The head (oldest pending delivery) of one subscription's queue. */
export interface QueueHead {
  subscriptionId: string;
  nextAttemptAt: number;
  leaseUntil: number | null;
}

const ms = (v: number | string | null): number | null => (v === null ? null : Number(v));
const INSERT_CHUNK = 200;

/** Kysely queries of the subscriptions and the outbox; the same on SQLite and PostgreSQL. */
export class OutboxRepo {
  /** `keep`: finished (delivered, failed) rows kept, newest first. */
  constructor(
    private readonly db: Db,
    private readonly keep = KEEP_FINISHED_DELIVERIES,
  ) {}

  /**
   * Makes the `settings` subscription match SIM_WEBHOOK_URL / SIM_WEBHOOK_TOKEN (read now: tests
   * change them on a running app): created or updated when both are set, removed when not.
   */
  async syncSettings(config: Pick<AppConfig, 'simWebhookUrl' | 'simWebhookToken'>): Promise<void> {
    const { simWebhookUrl: url, simWebhookToken: token } = config;
    if (!url || !token) {
      await this.db.kysely.deleteFrom('sim_webhook_subscriptions').where('id', '=', SETTINGS_SUBSCRIPTION_ID).execute();
      return;
    }
    await this.db.kysely
      .insertInto('sim_webhook_subscriptions')
      .values({
        id: SETTINGS_SUBSCRIPTION_ID,
        url,
        token,
        environment: 'sandbox',
        deliver_twice: 0,
        out_of_order: 0,
        source: 'settings',
        created_at: Date.now(),
        last_error: null,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ url, token }))
      .execute();
  }

  async subscriptions(): Promise<SubscriptionRow[]> {
    return this.db.kysely
      .selectFrom('sim_webhook_subscriptions')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async subscription(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.kysely.selectFrom('sim_webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many subscriptions an environment has. */
  async subscriptionCount(environment: SimEnvironmentName): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('sim_webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('environment', '=', environment)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Outbox rows one event of `environment` makes: one per subscription, two for deliverTwice. */
  async rowsPerEvent(environment: SimEnvironmentName): Promise<number> {
    const rows = await this.db.kysely
      .selectFrom('sim_webhook_subscriptions')
      .select('deliver_twice')
      .where('environment', '=', environment)
      .execute();
    return rows.reduce((n, r) => n + (r.deliver_twice ? 2 : 1), 0);
  }

  /** Deliveries still pending, all subscriptions. */
  async pendingCount(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('sim_webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async subscribe(values: {
    url: string;
    token: string;
    environment: SimEnvironmentName;
    deliverTwice: boolean;
    outOfOrder: boolean;
  }): Promise<SubscriptionRow> {
    const row: Insertable<SimSubscriptionTable> = {
      id: randomUUID(),
      url: values.url,
      token: values.token,
      environment: values.environment,
      deliver_twice: values.deliverTwice ? 1 : 0,
      out_of_order: values.outOfOrder ? 1 : 0,
      source: 'api',
      created_at: Date.now(),
      last_error: null,
    };
    await this.db.kysely.insertInto('sim_webhook_subscriptions').values(row).execute();
    return (await this.subscription(row.id))!;
  }

  async update(
    id: string,
    patch: { deliverTwice?: boolean; outOfOrder?: boolean },
  ): Promise<SubscriptionRow | undefined> {
    const set: Partial<Record<'deliver_twice' | 'out_of_order', number>> = {};
    if (patch.deliverTwice !== undefined) set.deliver_twice = patch.deliverTwice ? 1 : 0;
    if (patch.outOfOrder !== undefined) set.out_of_order = patch.outOfOrder ? 1 : 0;
    if (Object.keys(set).length > 0) {
      await this.db.kysely.updateTable('sim_webhook_subscriptions').set(set).where('id', '=', id).execute();
    }
    return this.subscription(id);
  }

  /** Removes a subscription and its deliveries; false when there was none. */
  async unsubscribe(id: string): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('sim_webhook_deliveries').where('subscription_id', '=', id).execute();
      const r = await trx.deleteFrom('sim_webhook_subscriptions').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  async setLastError(id: string, message: string | null): Promise<void> {
    await this.db.kysely
      .updateTable('sim_webhook_subscriptions')
      .set({ last_error: message })
      .where('id', '=', id)
      .execute();
  }

  /** Deliveries by state, per subscription. */
  async counts(): Promise<Map<string, Counts>> {
    const rows = await this.db.kysely
      .selectFrom('sim_webhook_deliveries')
      .select(['subscription_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['subscription_id', 'state'])
      .execute();
    const counts = new Map<string, Counts>();
    for (const r of rows) {
      const c = counts.get(r.subscription_id) ?? { delivered: 0, pending: 0, failed: 0 };
      if (r.state === 'delivered' || r.state === 'pending' || r.state === 'failed') c[r.state] = Number(r.n);
      counts.set(r.subscription_id, c);
    }
    return counts;
  }

  /** A subscription's deliveries, newest first. */
  async deliveries(subscriptionId: string, limit: number): Promise<Omit<DeliveryRow, 'body'>[]> {
    return this.db.kysely
      .selectFrom('sim_webhook_deliveries')
      .select([
        'id',
        'subscription_id',
        'event_id',
        'copy',
        'environment',
        'tracking_number',
        'event_type',
        'occurred_at',
        'state',
        'attempts',
        'last_status',
        'last_error',
        'next_attempt_at',
        'lease_owner',
        'lease_until',
        'delivered_at',
      ])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Stores one delivery per event × subscription of its environment × copy (two for deliverTwice;
   * the batch reversed for outOfOrder), in one transaction; rows already there (same subscription,
   * event and copy) are left as they are. Answers the subscriptions that got rows.
   */
  async enqueue(events: readonly OutboxEvent[], now: number): Promise<string[]> {
    if (events.length === 0) return [];
    const environments = [...new Set(events.map((e) => e.environment))];
    return this.db.kysely.transaction().execute(async (trx) => {
      const subs = await trx
        .selectFrom('sim_webhook_subscriptions')
        .select(['id', 'environment', 'deliver_twice', 'out_of_order'])
        .where('environment', 'in', environments)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const rows: Insertable<SimDeliveryTable>[] = [];
      const touched: string[] = [];
      for (const sub of subs) {
        const mine = events.filter((e) => e.environment === sub.environment);
        if (mine.length === 0) continue;
        touched.push(sub.id);
        if (sub.out_of_order) mine.reverse();
        const copies = sub.deliver_twice ? [0, 1] : [0];
        for (const e of mine) {
          for (const copy of copies) {
            rows.push({
              subscription_id: sub.id,
              event_id: e.eventId,
              copy,
              environment: e.environment,
              tracking_number: e.trackingNumber,
              event_type: e.eventType,
              occurred_at: e.occurredAt,
              body: e.body,
              state: 'pending',
              attempts: 0,
              next_attempt_at: now,
            });
          }
        }
      }
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('sim_webhook_deliveries')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) => oc.columns(['subscription_id', 'event_id', 'copy']).doNothing())
          .execute();
      }
      return touched;
    });
  }

  /**
   * Deletes the finished (delivered, failed) rows past the newest `keep`; pending ones stay. Its
   * own statement, after the enqueue's transaction (two instances pruning at once may collide: the
   * caller logs that and the next enqueue prunes).
   */
  async prune(): Promise<number> {
    const cutoff = await this.db.kysely
      .selectFrom('sim_webhook_deliveries')
      .select('id')
      .where('state', '!=', 'pending')
      .orderBy('id', 'desc')
      .offset(this.keep)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return 0;
    const r = await this.db.kysely
      .deleteFrom('sim_webhook_deliveries')
      .where('state', '!=', 'pending')
      .where('id', '<=', cutoff.id)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * The oldest pending delivery of every subscription that has one: one index seek per subscription
   * (a GROUP BY over the pending rows read all of them, 0.3 s at 160,000, on every look for work).
   */
  async heads(): Promise<QueueHead[]> {
    const rows = await this.db.kysely
      .selectFrom('sim_webhook_deliveries')
      .select(['subscription_id', 'next_attempt_at', 'lease_until'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sim_webhook_subscriptions as s')
          .select((s) =>
            s
              .selectFrom('sim_webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.subscription_id', '=', 's.id')
              .where('d.state', '=', 'pending')
              .orderBy('d.id')
              .limit(1)
              .as('id'),
          ),
      )
      .execute();
    return rows.map((r) => ({
      subscriptionId: r.subscription_id,
      nextAttemptAt: ms(r.next_attempt_at)!,
      leaseUntil: ms(r.lease_until),
    }));
  }

  /**
   * Leases the first `limit` pending deliveries of a subscription to `owner` until `leaseUntil`,
   * when its head is due and nobody holds it; none otherwise. The rows are locked while this runs
   * (PostgreSQL), so two instances never lease the same row (in order: only a prefix of the queue).
   */
  async claim(subscriptionId: string, owner: string, now: number, leaseUntil: number, limit: number) {
    return this.db.kysely.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('sim_webhook_deliveries')
        .select(['id', 'event_id', 'body', 'attempts', 'next_attempt_at', 'lease_until'])
        .where('subscription_id', '=', subscriptionId)
        .where('state', '=', 'pending')
        .orderBy('id')
        .limit(limit);
      if (this.db.dialect === 'postgres') query = query.forUpdate();
      const rows = await query.execute();
      const free = (r: (typeof rows)[number]) => r.lease_until === null || ms(r.lease_until)! < now;
      if (rows.length === 0 || ms(rows[0]!.next_attempt_at)! > now || !free(rows[0]!)) return [];
      const taken = [];
      for (const r of rows) {
        if (!free(r)) break;
        taken.push(r);
      }
      await trx
        .updateTable('sim_webhook_deliveries')
        .set({ lease_owner: owner, lease_until: leaseUntil })
        .where(
          'id',
          'in',
          taken.map((r) => r.id),
        )
        .execute();
      return taken.map((r) => ({ id: r.id, eventId: r.event_id, body: r.body, attempts: r.attempts }));
    });
  }

  /** Delivered: these rows, answered with `status`. */
  async delivered(ids: number[], owner: string, status: number, at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.kysely
      .updateTable('sim_webhook_deliveries')
      .set((eb) => ({
        state: 'delivered',
        attempts: eb('attempts', '+', 1),
        last_status: status,
        delivered_at: at,
        next_attempt_at: at,
        lease_owner: null,
        lease_until: null,
      }))
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /**
   * One row delivered as soon as it is (a crash repeats at most the one in flight), and the lease on
   * the rest of its batch (`leased`: the ids the owner claimed) renewed to `leaseUntil` (the
   * heartbeat: a dead instance's lease runs out soon after its last delivery). By id, not by the
   * subscription: its whole pending queue (160,000 rows after one advance) is not read per delivery.
   */
  async deliveredOne(
    id: number,
    leased: readonly number[],
    owner: string,
    status: number,
    at: number,
    leaseUntil: number,
  ): Promise<void> {
    await this.delivered([id], owner, status, at);
    await this.db.kysely
      .updateTable('sim_webhook_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', leased)
      .where('lease_owner', '=', owner) // still pending: delivered and failed rows have no owner
      .execute();
  }

  /** A failed attempt: retried at `retryAt`, or `failed` for good when retryAt is null. */
  async attemptFailed(
    id: number,
    owner: string,
    attempts: number,
    status: number | null,
    error: string,
    retryAt: number | null,
  ): Promise<void> {
    await this.db.kysely
      .updateTable('sim_webhook_deliveries')
      .set({
        state: retryAt === null ? 'failed' : 'pending',
        attempts,
        last_status: status,
        last_error: error,
        next_attempt_at: retryAt ?? Date.now(),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Gives back the leases this owner still holds on these rows (the ids of a claimed batch). */
  async release(leased: readonly number[], owner: string): Promise<void> {
    if (leased.length === 0) return;
    await this.db.kysely
      .updateTable('sim_webhook_deliveries')
      .set({ lease_owner: null, lease_until: null })
      .where('id', 'in', leased)
      .where('lease_owner', '=', owner) // still pending: delivered and failed rows have no owner
      .execute();
  }
}
