import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { webhookChannelParams, webhookReceivedReply } from '@lab/core/contract';
import { WebhookRepo } from './repo.js';
import {
  DEFAULT_CHANNEL,
  publishEvent,
  rowFromRequest,
  toSummary,
  WebhookPruner,
  WebhookQuota,
  WebhookStorageFullError,
} from './service.js';
import type { ModulePlugin } from '../../module.js';

const storageFull = z.object({ message: z.string() }).describe('storage over every channel is full');
const AGE_PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * POST /lab/hooks/fdx/{channel} (and /lab/hooks/fdx for the default channel): the carrier's
 * shipment-visibility webhook destination. Every content type is read as raw bytes, since the
 * signature covers the body exactly as sent; this parser is scoped to this plugin only.
 */
export const webhookReceiverRoutes: ModulePlugin = async (app) => {
  const limit = app.config.webhookBodyLimitBytes;
  const repo = new WebhookRepo(app.db);
  const pruner = new WebhookPruner(repo, app.config.webhookRetentionPerChannel, app.log);
  app.addHook('onClose', () => pruner.stop());
  const quota = new WebhookQuota(repo, app.config.webhookMaxTotalRows, app.config.webhookMaxTotalBytes);

  // Age-based pruning: at start and every 10 minutes, deliveries older than WEBHOOK_MAX_AGE_DAYS go.
  const maxAgeMs = app.config.webhookMaxAgeDays * 86_400_000;
  if (maxAgeMs > 0) {
    let running: Promise<void> | undefined;
    const pruneOld = () => {
      running ??= repo
        .pruneOlderThan(new Date(Date.now() - maxAgeMs).toISOString())
        .then((removed) => {
          if (removed) {
            quota.invalidate();
            app.log.info({ removed }, 'pruned webhooks past WEBHOOK_MAX_AGE_DAYS');
          }
        })
        .catch((err: unknown) => app.log.warn({ err }, 'webhook age pruning failed'))
        .finally(() => (running = undefined));
      return running;
    };
    const timer = setInterval(() => void pruneOld(), AGE_PRUNE_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await pruneOld();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));

  const routeOptions = {
    bodyLimit: limit,
    // The answer is a few bytes of JSON for the carrier's servers, never a page: browser security
    // headers (helmet rebuilds its CSP per request) only cost ingest throughput here.
    helmet: false as const,
    // Stored exactly as received: a compressed body stays compressed (its encoding is kept beside it).
    decompress: false as const,
    config: { rateLimit: { max: app.config.webhookRateLimitPerMinute, timeWindow: 60_000 } },
  };
  const receive = async (channel: string, request: FastifyRequest, reply: FastifyReply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      await quota.reserve(body.length);
    } catch (err) {
      if (err instanceof WebhookStorageFullError) return reply.code(507).send({ message: err.message });
      throw err;
    }
    const row = rowFromRequest({
      channel,
      method: request.method,
      url: request.url,
      ip: request.ip,
      headers: request.headers,
      body,
      receivedAt: new Date(),
    });
    // The acknowledgement waits for the committed insert: SQLite's WAL write has reached the
    // OS (survives a killed process), PostgreSQL has committed.
    const id = await repo.insert(row);
    pruner.noteInsert(channel);
    publishEvent(app.bus, app.log, channel, { type: 'received', ...toSummary({ ...row, id }) });
    return { received: true as const, id };
  };

  app.post(
    '/fdx/:channel',
    {
      ...routeOptions,
      schema: {
        summary: 'Receive a shipment-visibility webhook on a channel (raw body stored byte for byte)',
        tags: ['webhooks'],
        params: webhookChannelParams,
        response: { 200: webhookReceivedReply, 507: storageFull },
      },
    },
    async (request, reply) => receive(request.params.channel, request, reply),
  );
  app.post(
    '/fdx',
    {
      ...routeOptions,
      schema: {
        summary: `Receive a shipment-visibility webhook on the default channel (${DEFAULT_CHANNEL})`,
        tags: ['webhooks'],
        response: { 200: webhookReceivedReply, 507: storageFull },
      },
    },
    async (request, reply) => receive(DEFAULT_CHANNEL, request, reply),
  );
};
