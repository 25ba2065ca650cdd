import { notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { loadWebhookSchemas, schemasFromOpenApi, type JsonSchema } from './payloadSchemas.js';
import { WebhookRepo } from './repo.js';
import { decodeBody, publishEvent, toSummary } from './service.js';

const TRACKING_FIRST = 'track--TrackingNumbers-Resource';

/** GET/DELETE /lab/api/webhooks/… — the stored deliveries, newest first, and the schema map. */
export const webhookApiRoutes: ModulePlugin<'openApi'> = async (app) => {
  const repo = new WebhookRepo(app.db);
  const configured = loadWebhookSchemas(app.config.webhookSchemaOpenapiFile);
  const { store } = app.services.openApi;
  let merged: { revision: string; map: Record<string, JsonSchema> } | undefined;

  /**
   * The envelope, the configured file's schemas (when WEBHOOK_SCHEMA_OPENAPI_FILE is set), then
   * the component schemas of every imported tracking document (`track--…`, TrackingNumbers first;
   * a name already present wins). Recomputed only when the imported documents change.
   */
  const schemas = async (): Promise<Record<string, JsonSchema>> => {
    const revision = await store.revision();
    if (merged?.revision === revision) return merged.map;
    const names = (await store.summaries())
      .filter((d) => d.api === 'track')
      .map((d) => d.name)
      .sort((a, b) => Number(b === TRACKING_FIRST) - Number(a === TRACKING_FIRST) || a.localeCompare(b));
    const map = { ...configured };
    for (const name of names) {
      const row = await store.row(name);
      if (!row) continue;
      let fromDoc: Record<string, JsonSchema>;
      try {
        fromDoc = schemasFromOpenApi(JSON.parse(row.text));
      } catch {
        continue; // a tracking document without components.schemas adds nothing
      }
      for (const [key, schema] of Object.entries(fromDoc)) if (!(key in map)) map[key] = schema;
    }
    merged = { revision, map };
    return map;
  };

  registerRoute(
    app,
    'webhooks.schemas',
    {
      schema: {
        summary:
          'Schema name → JSON Schema: the webhook envelope, the configured file and the imported tracking documents',
        tags: ['webhooks'],
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return schemas();
    },
  );

  registerRoute(
    app,
    'webhooks.list',
    {
      schema: {
        summary: 'List received webhooks of a channel, newest first',
        tags: ['webhooks'],
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await repo.list(request.params.channel, page, size);
      return { items: rows.map(toSummary), total, page, size };
    },
  );

  registerRoute(
    app,
    'webhooks.get',
    {
      schema: {
        summary: 'One received webhook with its headers and raw body',
        tags: ['webhooks'],
      },
    },
    async (request) => {
      const { channel, id } = request.params;
      const row = await repo.get(channel, id);
      if (!row) throw notFound(`No webhook ${id} on channel ${channel}`);
      const raw = Buffer.from(row.body);
      // Shown decoded; a body whose encoding we cannot undo is shown as received.
      const body = decodeBody(raw, row.content_encoding) ?? raw;
      return {
        ...toSummary(row),
        method: row.method,
        query: row.query,
        sourceIp: row.source_ip,
        contentType: row.content_type,
        headers: JSON.parse(row.headers) as Record<string, string | string[]>,
        body: body.toString('utf8'),
        bodyBase64: body.toString('base64'),
        contentEncoding: row.content_encoding,
        ...(row.content_encoding ? { receivedBase64: raw.toString('base64') } : {}),
      };
    },
  );

  registerRoute(
    app,
    'webhooks.delete',
    {
      schema: {
        summary: 'Delete one received webhook',
        tags: ['webhooks'],
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

  registerRoute(
    app,
    'webhooks.deleteChannel',
    {
      schema: {
        summary: 'Delete every received webhook of a channel',
        tags: ['webhooks'],
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
