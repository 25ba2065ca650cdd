import { LRUCache } from 'lru-cache';
import type { OpenApiOperationView, OpenApiOperationsReply } from '@lab/core/contract';
import { isObject, nonBlank, refName, resolveRef } from '@lab/core/json';
import { buildSchemaTree } from '@lab/core/schema-tree';
import type { LoadedDocument, OpenApiStore } from './store.js';

/**
 * What the doc viewer (/api/fapidoc) reads: a document's operations, and one operation with its
 * request and response schemas flattened (`@lab/core/schema-tree`) and its named samples. The
 * flattening runs once per document content and operation; the JSON text is kept in an LRU.
 */

/** What a view reads of a document (the store's loaded one, or an older release's). */
type ViewedDocument = Pick<LoadedDocument, 'name' | 'document' | 'operations'>;

export function operationsOf(
  loaded: ViewedDocument,
  row: { api: string; resource: string; title: string; version: string },
): OpenApiOperationsReply {
  return {
    name: loaded.name,
    api: row.api,
    resource: row.resource,
    title: row.title,
    version: row.version,
    operations: loaded.operations.map((o) => ({
      method: o.method,
      path: o.path,
      operationId: o.operationId,
      summary: o.summary,
      samples: o.samples.length,
    })),
  };
}

/** The view of one operation, or undefined when the document has no such method + path. */
export function operationView(loaded: ViewedDocument, method: string, path: string): OpenApiOperationView | undefined {
  const op = loaded.operations.find((o) => o.method === method && o.path === path);
  if (!op) return undefined;
  const doc = loaded.document;
  const item = isObject(doc.paths) ? doc.paths[path] : undefined;
  const raw = isObject(item) ? item[method.toLowerCase()] : undefined;
  const rawOp = isObject(raw) ? raw : {};
  const schemaName =
    isObject(op.requestSchema) && typeof op.requestSchema.$ref === 'string' ? refName(op.requestSchema.$ref) : null;
  const rawResponses = isObject(rawOp.responses) ? rawOp.responses : {};
  return {
    document: loaded.name,
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    description: nonBlank(rawOp.description) ?? null,
    request:
      op.requestSchema === null
        ? null
        : { contentType: op.requestContentType, schemaName, tree: buildSchemaTree(op.requestSchema, doc) },
    responses: Object.entries(op.responses).map(([status, r]) => {
      const rr = rawResponses[status];
      const resp = isObject(rr) && typeof rr.$ref === 'string' ? resolveRef(doc, rr.$ref) : rr;
      return {
        status,
        description: isObject(resp) ? (nonBlank(resp.description) ?? null) : null,
        contentType: r.contentType,
        tree: r.schema === null ? null : buildSchemaTree(r.schema, doc),
      };
    }),
    samples: op.samples,
  };
}

/** Operation views as JSON text, computed once per document content (sha256) and operation. */
export class OperationViewCache {
  private readonly cache: LRUCache<string, string>;

  constructor(
    private readonly store: OpenApiStore,
    maxBytes: number,
  ) {
    this.cache = new LRUCache({ maxSize: Math.max(1, maxBytes), sizeCalculation: (s) => Math.max(1, s.length) });
  }

  /** `{text, etag}` for the operation, or undefined when the document or the operation is absent. */
  async get(name: string, method: string, path: string): Promise<{ text: string; sha256: string } | undefined> {
    const loaded = await this.store.getDocument(name);
    if (!loaded) return undefined;
    const key = `${loaded.sha256}|${method} ${path}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return { text: hit, sha256: loaded.sha256 };
    const view = operationView(loaded, method, path);
    if (!view) return undefined;
    const text = JSON.stringify(view);
    this.cache.set(key, text);
    return { text, sha256: loaded.sha256 };
  }
}
