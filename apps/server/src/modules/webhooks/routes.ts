import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { channelSchema } from './receiver.js';
import { WebhookRepo } from './repo.js';
import { loadWebhookSchemas } from './schemas.js';
import { publishEvent, toSummary } from './service.js';

const summarySchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  receivedAt: z.string(),
  path: z.string(),
  signature: z.string().nullable(),
  transactionId: z.string().nullable(),
  timestamp: z.string().nullable(),
  isJson: z.boolean(),
  size: z.number().int(),
});

const detailSchema = summarySchema.extend({
  method: z.string(),
  query: z.string(),
  sourceIp: z.string(),
  contentType: z.string().nullable(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The body decoded as UTF-8 (invalid sequences become U+FFFD). */
  body: z.string(),
  /** The exact bytes, for signature checks of bodies that are not valid UTF-8. */
  bodyBase64: z.string(),
});

const idParams = z.object({
  channel: channelSchema,
  id: z.coerce.number().int().positive('id must be a positive integer'),
});
const deletedSchema = z.object({ deleted: z.number().int() });

/** GET/DELETE /lab/api/webhooks/… — the stored deliveries, newest first, and the schema map. */
export const webhookApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = new WebhookRepo(app.db);
  const schemas = loadWebhookSchemas(app.config.webhookSchemaOpenapiFile);

  app.get(
    '/webhooks/schemas',
    {
      schema: {
        summary: 'Schema name → JSON Schema: the webhook envelope and the configured tracking API schemas',
        tags: ['webhooks'],
        response: { 200: z.record(z.string(), z.record(z.string(), z.unknown())) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return schemas;
    },
  );

  app.get(
    '/webhooks/:channel',
    {
      schema: {
        summary: 'List received webhooks of a channel, newest first',
        tags: ['webhooks'],
        params: z.object({ channel: channelSchema }),
        querystring: z.object({
          page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
          size: z.coerce.number().int().min(1).max(100, 'size is at most 100').default(30),
        }),
        response: {
          200: z.object({
            items: z.array(summarySchema),
            total: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await repo.list(request.params.channel, page, size);
      return { items: rows.map(toSummary), total, page, size };
    },
  );

  app.get(
    '/webhooks/:channel/:id',
    {
      schema: {
        summary: 'One received webhook with its headers and raw body',
        tags: ['webhooks'],
        params: idParams,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const { channel, id } = request.params;
      const row = await repo.get(channel, id);
      if (!row) throw notFound(`No webhook ${id} on channel ${channel}`);
      const body = Buffer.from(row.body);
      return {
        ...toSummary(row),
        method: row.method,
        query: row.query,
        sourceIp: row.source_ip,
        contentType: row.content_type,
        headers: JSON.parse(row.headers) as Record<string, string | string[]>,
        body: body.toString('utf8'),
        bodyBase64: body.toString('base64'),
      };
    },
  );

  app.delete(
    '/webhooks/:channel/:id',
    {
      schema: {
        summary: 'Delete one received webhook',
        tags: ['webhooks'],
        params: idParams,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const { channel, id } = request.params;
      const deleted = await repo.delete(channel, id);
      if (!deleted) throw notFound(`No webhook ${id} on channel ${channel}`);
      publishEvent(app.bus, app.log, channel, { type: 'deleted', channel, id });
      return { deleted };
    },
  );

  app.delete(
    '/webhooks/:channel',
    {
      schema: {
        summary: 'Delete every received webhook of a channel',
        tags: ['webhooks'],
        params: z.object({ channel: channelSchema }),
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const { channel } = request.params;
      const deleted = await repo.deleteChannel(channel);
      publishEvent(app.bus, app.log, channel, { type: 'deleted', channel, id: null });
      return { deleted };
    },
  );
};
