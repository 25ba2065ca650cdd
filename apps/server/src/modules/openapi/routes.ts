import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpointById, defaultSample, utcToday } from '@lab/core/carrier';
import { isObject } from '@lab/core/json';
import { whereUsed } from '@lab/core/openapi-diff';
import { notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { checkerFor } from './check.js';
import { ReleaseDocuments } from './releaseDocs.js';
import { OperationViewCache, operationView, operationsOf } from './view.js';

/** Bodies checked by /openapi-docs/validate may be large (a 40-package shipment): 2 MiB. */
const VALIDATE_BODY_LIMIT = 2 * 1024 * 1024;

const tags = ['openapi'];

/** True when the request's If-None-Match names this ETag (or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** Sets the validators; answers 304 (and true) when the client already has this version. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!matches(request, etag)) return false;
  reply.code(304).send();
  return true;
}

/** /lab/api/openapi-docs (the stored documents) and /lab/api/carrier/samples/{endpoint}. */
export const openApiRoutes: ModulePlugin<'openApi'> = async (app) => {
  const { store } = app.services.openApi;

  registerRoute(
    app,
    'openapi.documents',
    {
      schema: {
        summary: "The carrier's imported OpenAPI documents (ETag: answers 304 to a matching If-None-Match)",
        tags,
      },
    },
    async (request, reply) => {
      const documents = await store.summaries();
      const etag = `"list-${createHash('sha256')
        .update(documents.map((d) => `${d.id}:${d.sha256}:${d.importedAt}`).join('\n'))
        .digest('hex')
        .slice(0, 32)}"`;
      if (notModified(request, reply, etag)) return reply;
      return { documents };
    },
  );

  const views = new OperationViewCache(store, app.config.openApiDerefCacheBytes);
  const releases = new ReleaseDocuments(app.db.kysely, store);

  /** An operation's view in an older release (not cached as text: the parsed release is). */
  const releaseView = async (name: string, ref: string, method: string, path: string) => {
    const doc = await releases.document(await releases.pick(name, ref));
    const view = operationView(doc, method, path);
    return view && { text: JSON.stringify(view), sha256: doc.sha256 };
  };

  /** The document's name for an id or a name; 404 when nothing is stored under it. */
  const documentNamed = async (idOrName: string) => {
    const summary = (await store.summaries()).find((d) => d.name === idOrName || String(d.id) === idOrName);
    if (!summary) throw notFound(`no OpenAPI document ${idOrName}: import it with lab import carrier-openapi`);
    return summary;
  };

  registerRoute(
    app,
    'openapi.operations',
    {
      schema: {
        summary: "A document's operations (method, path, summary, number of named samples) for the doc viewer",
        tags,
      },
    },
    async (request, reply) => {
      const summary = await documentNamed(request.params.id);
      const loaded =
        request.query.release === undefined
          ? await store.getDocument(summary.name)
          : await releases.document(await releases.pick(summary.name, request.query.release));
      if (!loaded)
        throw notFound(`no OpenAPI document ${request.params.id}: import it with lab import carrier-openapi`);
      if (notModified(request, reply, `"${loaded.sha256.slice(0, 32)}-ops"`)) return reply;
      return operationsOf(loaded, summary);
    },
  );

  registerRoute(
    app,
    'openapi.view',
    {
      schema: {
        summary:
          'One operation for the doc viewer: request and response schemas flattened into field lists, named samples (ETag, 304)',
        tags,
      },
    },
    async (request, reply) => {
      const summary = await documentNamed(request.params.id);
      const { method, path, release } = request.query;
      const view =
        release === undefined
          ? await views.get(summary.name, method, path)
          : await releaseView(summary.name, release, method, path);
      if (!view) throw notFound(`${summary.name} has no operation ${method} ${path}`);
      const etag = `"${view.sha256.slice(0, 24)}-${createHash('sha256').update(`${method} ${path}`).digest('hex').slice(0, 16)}"`;
      if (notModified(request, reply, etag)) return reply;
      return reply.type('application/json; charset=utf-8').send(view.text);
    },
  );

  registerRoute(
    app,
    'openapi.document',
    {
      schema: {
        summary:
          'One document (id or name); ?deref=1 for a dereferenced copy where only looping $refs remain (ETag, 304)',
        tags,
      },
    },
    async (request, reply) => {
      const row = await store.row(request.params.id);
      if (!row) throw notFound(`no OpenAPI document ${request.params.id}: import it with lab import carrier-openapi`);
      const deref = request.query.deref === '1' || request.query.deref === 'true';
      const etag = `"${row.sha256.slice(0, 32)}${deref ? '-deref' : ''}"`;
      if (notModified(request, reply, etag)) return reply;
      const text = deref ? await store.dereferencedText(row) : row.text;
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );

  registerRoute(
    app,
    'openapi.releases',
    { schema: { summary: "A document's releases (every distinct content imported), newest first", tags } },
    async (request) => {
      const summary = await documentNamed(request.params.id);
      return { name: summary.name, releases: (await releases.releases(summary.name)).list };
    },
  );

  registerRoute(
    app,
    'openapi.diff',
    {
      schema: {
        summary:
          'What changed between two releases of a document, per operation and field, each change classified for a client (breaking, non-breaking, doc-only)',
        tags,
      },
    },
    async (request) => {
      const summary = await documentNamed(request.params.id);
      const { from, to, breaking } = request.query;
      const diff = await releases.diff(summary.name, from, to);
      if (breaking !== '1' && breaking !== 'true') return diff;
      return { ...diff, changes: diff.changes.filter((c) => c.class === 'breaking') };
    },
  );

  registerRoute(
    app,
    'openapi.whereUsed',
    {
      schema: {
        summary:
          'The operations (request, or response by status) that use a schema of a document, or one of its fields',
        tags,
      },
    },
    async (request) => {
      const summary = await documentNamed(request.params.id);
      const { schema, field, release } = request.query;
      const doc =
        release === undefined
          ? await store.getDocument(summary.name)
          : await releases.document(await releases.pick(summary.name, release));
      if (!doc) throw notFound(`no OpenAPI document ${summary.name}`);
      const schemas = isObject(doc.document.components) ? doc.document.components.schemas : undefined;
      if (!isObject(schemas) || !(schema in schemas)) throw notFound(`${summary.name} has no schema ${schema}`);
      return { schema, field: field ?? null, uses: whereUsed(doc.document, schema, field) };
    },
  );

  registerRoute(
    app,
    'openapi.samples',
    {
      schema: {
        summary:
          "A catalogue endpoint's default request dated for `day` (default: today in UTC), plus its document's named samples when imported",
        tags: ['carrier'],
      },
    },
    async (request) => {
      const endpoint = endpointById(request.params.endpoint);
      if (!endpoint) throw notFound(`no carrier endpoint ${request.params.endpoint}`);
      const ref = endpoint.operation;
      const found = ref ? await store.getOperation(ref.document, ref.method, ref.path) : undefined;
      return {
        endpoint: endpoint.id,
        method: endpoint.method,
        path: endpoint.path,
        document: ref?.document ?? null,
        imported: found !== undefined,
        default: defaultSample(endpoint.id, request.query.day ?? utcToday()) ?? null,
        samples: found?.operation.samples ?? [],
      };
    },
  );

  registerRoute(
    app,
    'openapi.validate',
    {
      bodyLimit: VALIDATE_BODY_LIMIT,
      schema: {
        summary:
          "Checks a request body against an operation's request schema in an imported document (by endpoint id, or document + method + path)",
        tags,
      },
    },
    async (request) => {
      const { endpoint: id, body } = request.body;
      let ref: { document: string; method: string; path: string } | undefined;
      if (id !== undefined) {
        const endpoint = endpointById(id);
        if (!endpoint) throw notFound(`no carrier endpoint ${id}`);
        ref = endpoint.operation;
      } else {
        ref = { document: request.body.document!, method: request.body.method!, path: request.body.path! };
      }
      const none = {
        imported: false,
        document: ref?.document ?? null,
        method: ref?.method ?? null,
        path: ref?.path ?? null,
      };
      if (!ref) return { ...none, valid: true, problems: [], lenient: [] };
      const found = await store.getOperation(ref.document, ref.method, ref.path);
      if (!found) {
        if (id === undefined && (await store.getDocument(ref.document)))
          throw notFound(`no operation ${ref.method} ${ref.path} in ${ref.document}`);
        return { ...none, valid: true, problems: [], lenient: [] };
      }
      const result = checkerFor(found.document, found.operation).check(body);
      return {
        imported: true,
        document: found.document.name,
        method: found.operation.method,
        path: found.operation.path,
        valid: result.errors.length === 0,
        problems: result.errors.map((e) => ({
          path: e.parameterList?.[0]?.value ?? '$',
          code: e.code,
          message: e.message,
        })),
        lenient: result.warnings,
      };
    },
  );
};
