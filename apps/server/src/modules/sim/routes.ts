import { z } from 'zod';
import {
  parseIsoDuration,
  SIM_CLOCK_HORIZON_DAYS,
  SIM_CLOCK_HORIZON_MS,
  SIMULATOR_TOPICS,
  type SimEnvironmentName,
} from '@lab/core/simulator';
import { simSubscription, type SimDelivery, type SimSubscription } from '@lab/core/contract';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import { addressCheckFor, targetUrlRefusal } from '../../http/targets.js';
import type { ModulePlugin } from '../../module.js';
import { SIM_CLOCK_MAX } from './clock.js';
import { OutboxRepo, SETTINGS_SUBSCRIPTION_ID, type Counts, type DeliveryRow, type SubscriptionRow } from './outbox.js';
import type { SimDeliveriesMessage } from './webhooks.js';

const message = z.object({ message: z.string() });
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
/** Control characters (PostgreSQL text refuses NUL): never stored, never looked up. */
const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f');
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * The epoch ms of an ISO-8601 instant with a time zone, or why it is refused: not that shape, or a
 * date or time that does not exist (`2027-02-30`, `25:00`), which Date.parse would roll over.
 */
export function clockInstantMs(text: string): number | string {
  const value = text.trim();
  const m = INSTANT.exec(value);
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = (m?.slice(1) ?? []).map((v) =>
    v === undefined ? 0 : Number(v),
  ) as number[];
  if (!m)
    return `until: ${JSON.stringify(text)} is not an ISO-8601 instant with a time zone (e.g. 2026-05-01T12:00:00Z)`;
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  date.setUTCFullYear(year!);
  if (
    month! < 1 ||
    month! > 12 ||
    date.getUTCMonth() !== month! - 1 ||
    date.getUTCDate() !== day ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59 ||
    zoneHour! > 23 ||
    zoneMinute! > 59
  ) {
    return `until: ${JSON.stringify(text)} is not a date and time that exist`;
  }
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : `until: ${JSON.stringify(text)} is not a date and time that exist`;
}

/**
 * Why an ISO-8601 duration is refused, or its milliseconds: the clock moves forward only, by a
 * fixed length (no years or months).
 */
export function clockAdvanceMs(text: string): number | string {
  const value = text.trim();
  if (value.startsWith('-')) return `advance: ${JSON.stringify(text)} is negative: the clock only moves forward`;
  if (/^P(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T.*)?$/i.test(value) && /^P[^T]*[YM]/i.test(value)) {
    return `advance: ${JSON.stringify(text)} has years or months, whose length depends on the date: give weeks, days, hours, minutes or seconds (e.g. P30D)`;
  }
  const ms = parseIsoDuration(value);
  if (ms === undefined) {
    return `advance: ${JSON.stringify(text)} is not an ISO-8601 duration of weeks, days, hours, minutes and seconds (e.g. P2DT6H, PT90M)`;
  }
  if (ms <= 0) return `advance: ${JSON.stringify(text)} is zero: the clock only moves forward`;
  return ms;
}

function subscriptionReply(row: SubscriptionRow, counts: Counts | undefined): SimSubscription {
  return {
    id: row.id,
    url: row.url,
    environment: row.environment as SimEnvironmentName,
    deliverTwice: row.deliver_twice === 1,
    outOfOrder: row.out_of_order === 1,
    source: row.source === 'settings' ? 'settings' : 'api',
    createdAt: iso(row.created_at),
    delivered: counts?.delivered ?? 0,
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
    lastError: row.last_error,
  };
}

function deliveryReply(row: Omit<DeliveryRow, 'body'>): SimDelivery {
  const state = row.state === 'delivered' || row.state === 'failed' ? row.state : 'pending';
  return {
    id: String(row.id),
    eventId: row.event_id,
    trackingNumber: row.tracking_number,
    eventType: row.event_type,
    occurredAt: iso(row.occurred_at),
    state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: state === 'pending' ? iso(row.next_attempt_at) : null,
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
  };
}

/** /lab/api/simulator/clock and /lab/api/simulator/subscriptions… — the clock and the webhook subscriptions. */
export const simApiRoutes: ModulePlugin<'simClock'> = async (app) => {
  const { simClock } = app.services;
  const repo = new OutboxRepo(app.db);
  const tags = ['simulator'];
  const clockReply = async (environment: SimEnvironmentName, now?: number) => ({
    environment,
    now: iso(now ?? (await simClock.now(environment))),
    factor: simClock.factor,
  });
  const published = (subscriptionId: string) =>
    app.bus.publish(SIMULATOR_TOPICS.deliveries, { subscriptionId } satisfies SimDeliveriesMessage);
  const existing = async (id: string): Promise<SubscriptionRow> => {
    await repo.syncSettings(app.config);
    const row = hasControl(id) ? undefined : await repo.subscription(id);
    if (!row) throw notFound(`no webhook subscription ${id}`);
    return row;
  };

  registerRoute(
    app,
    'simulator.clock',
    { schema: { summary: "An environment's simulated now and the time factor", tags, response: { 400: message } } },
    async (request) => clockReply(request.query.environment),
  );

  registerRoute(
    app,
    'simulator.advanceClock',
    {
      schema: {
        summary: 'Move the simulated clock forward (advance: an ISO-8601 duration, or until: an instant)',
        description:
          'Answers when the events that fell due are released and queued for the subscriptions. Never back: a malformed, negative, zero or calendar (years, months) duration, or an instant not after now, is a 400. 409 while SIM_WEBHOOK_MAX_PENDING deliveries are pending.',
        tags,
        response: { 400: message, 409: message },
      },
    },
    async (request) => {
      const { environment, advance, until } = request.body;
      let ms: number;
      if (advance !== undefined) {
        const parsed = clockAdvanceMs(advance);
        if (typeof parsed === 'string') throw badRequest(parsed);
        ms = parsed;
      } else {
        const target = clockInstantMs(until!);
        if (typeof target === 'string') throw badRequest(target);
        const now = await simClock.now(environment);
        if (target <= now) {
          throw badRequest(
            `until: ${new Date(target).toISOString()} is not after the clock's now (${iso(now)}): the clock only moves forward`,
          );
        }
        ms = target - now;
      }
      const pending = await repo.pendingCount();
      if (pending >= app.config.simWebhookMaxPending) {
        throw new HttpError(
          409,
          `${pending} webhook deliveries are still pending, at least SIM_WEBHOOK_MAX_PENDING (${app.config.simWebhookMaxPending}): let them be delivered, or remove subscriptions, before moving the clock again`,
        );
      }
      const now = await simClock.now(environment);
      if (now + ms > SIM_CLOCK_MAX) {
        throw badRequest(`the clock cannot pass ${iso(SIM_CLOCK_MAX)} (it is ${iso(now)})`);
      }
      const horizon = Date.now() + SIM_CLOCK_HORIZON_MS;
      if (now + ms > horizon) {
        throw badRequest(
          `the clock cannot be moved past ${iso(horizon)}, ${SIM_CLOCK_HORIZON_DAYS} days (5 years) after real time (it is ${iso(now)}); DELETE /lab/api/simulator/clock puts it back to real time`,
        );
      }
      const moved = await simClock.advance(environment, ms);
      await simClock.settled();
      return clockReply(environment, moved);
    },
  );

  registerRoute(
    app,
    'simulator.resetClock',
    {
      schema: {
        summary: "Put an environment's simulated clock back to real time",
        description:
          'Events already released stay released (and their webhooks sent); shipments created while the clock was ahead keep their dates, so their remaining events fall due when the clock reaches those dates again.',
        tags,
        response: { 400: message },
      },
    },
    async (request) => {
      const { environment } = request.query;
      const now = await simClock.reset(environment);
      await simClock.settled();
      return clockReply(environment, now);
    },
  );

  registerRoute(
    app,
    'simulator.subscriptions',
    { schema: { summary: 'The webhook subscriptions (tokens are never answered)', tags } },
    async () => {
      await repo.syncSettings(app.config);
      const [rows, counts] = await Promise.all([repo.subscriptions(), repo.counts()]);
      return { subscriptions: rows.map((r) => subscriptionReply(r, counts.get(r.id))) };
    },
  );

  registerRoute(
    app,
    'simulator.subscribe',
    {
      schema: {
        summary: "Subscribe a URL to every scan event of its environment's shipments, signed with the token",
        tags,
        response: { 201: simSubscription, 400: message, 409: message },
      },
    },
    async (request, reply) => {
      const { url, token, environment } = request.body;
      const refusal = hasControl(url)
        ? 'the url must be an http(s) URL'
        : targetUrlRefusal(url, addressCheckFor(app.config.simWebhookAllowedNetworks));
      if (refusal) throw badRequest(`body.url: ${refusal}`);
      if (hasControl(token)) throw badRequest('body.token: the security token must not hold control characters');
      await repo.syncSettings(app.config);
      const max = app.config.simWebhookMaxSubscriptions;
      if ((await repo.subscriptionCount(environment)) >= max) {
        throw new HttpError(
          409,
          `the ${environment} environment has ${max} webhook subscriptions, the most SIM_WEBHOOK_MAX_SUBSCRIPTIONS allows: remove one first`,
        );
      }
      const row = await repo.subscribe(request.body);
      await published(row.id);
      return reply.code(201).send(subscriptionReply(row, undefined));
    },
  );

  registerRoute(
    app,
    'simulator.updateSubscription',
    {
      schema: {
        summary: 'Switch deliver twice / out of order on a subscription',
        tags,
        response: { 400: message, 404: message },
      },
    },
    async (request) => {
      await existing(request.params.id);
      const row = await repo.update(request.params.id, request.body);
      if (!row) throw notFound(`no webhook subscription ${request.params.id}`);
      await published(row.id);
      return subscriptionReply(row, (await repo.counts()).get(row.id));
    },
  );

  registerRoute(
    app,
    'simulator.unsubscribe',
    {
      schema: {
        summary: 'Remove a subscription and its deliveries',
        tags,
        response: { 400: message, 404: message, 409: message },
      },
    },
    async (request) => {
      const row = await existing(request.params.id);
      if (row.id === SETTINGS_SUBSCRIPTION_ID) {
        throw new HttpError(
          409,
          'the settings subscription comes from SIM_WEBHOOK_URL and SIM_WEBHOOK_TOKEN: unset them to remove it',
        );
      }
      if (!(await repo.unsubscribe(row.id))) throw notFound(`no webhook subscription ${row.id}`);
      await published(row.id);
      return { id: row.id };
    },
  );

  registerRoute(
    app,
    'simulator.deliveries',
    {
      schema: {
        summary: "A subscription's deliveries, newest first",
        tags,
        response: { 400: message, 404: message },
      },
    },
    async (request) => {
      await existing(request.params.id);
      const rows = await repo.deliveries(request.params.id, request.query.limit);
      return { deliveries: rows.map(deliveryReply) };
    },
  );
};
