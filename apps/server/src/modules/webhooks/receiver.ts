import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookChannelParams, webhookReceivedReply } from '@lab/core/contract';
import { WebhookRepo } from './repo.js';
import { DEFAULT_CHANNEL, publishEvent, rowFromRequest, toSummary, WebhookPruner } from './service.js';

/**
 * POST /lab/hooks/fdx/{channel} (and /lab/hooks/fdx for the default channel): the carrier's
 * shipment-visibility webhook destination. Every content type is read as raw bytes, since the
 * signature covers the body exactly as sent; this parser is scoped to this plugin only.
 */
export const webhookReceiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.config.webhookBodyLimitBytes;
  const repo = new WebhookRepo(app.db);
  const pruner = new WebhookPruner(repo, app.config.webhookRetentionPerChannel, app.log);
  app.addHook('onClose', () => pruner.stop());

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));

  const routeOptions = {
    bodyLimit: limit,
    // The answer is a few bytes of JSON for the carrier's servers, never a page: browser security
    // headers (helmet rebuilds its CSP per request) only cost ingest throughput here.
    helmet: false as const,
    config: { rateLimit: { max: app.config.webhookRateLimitPerMinute, timeWindow: 60_000 } },
  };
  const receive = async (channel: string, request: FastifyRequest) => {
    const row = rowFromRequest({
      channel,
      method: request.method,
      url: request.url,
      ip: request.ip,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
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
        response: { 200: webhookReceivedReply },
      },
    },
    async (request) => receive(request.params.channel, request),
  );
  app.post(
    '/fdx',
    {
      ...routeOptions,
      schema: {
        summary: `Receive a shipment-visibility webhook on the default channel (${DEFAULT_CHANNEL})`,
        tags: ['webhooks'],
        response: { 200: webhookReceivedReply },
      },
    },
    async (request) => receive(DEFAULT_CHANNEL, request),
  );
};
