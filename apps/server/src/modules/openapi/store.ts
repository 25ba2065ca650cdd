import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { pathMatches } from '@lab/core/carrier';
import type { OpenApiDocSummary, OpenApiOperation } from '@lab/core/contract';
import type { Database } from '../../db/schema.js';
import {
  dereferenceDocument,
  findDanglingRefs,
  indexOperations,
  withDanglingRefsPatched,
  type JsonObject,
} from './document.js';
import { listReleases, pickRelease, releaseText, type ReleaseRow } from './releases.js';
import { DocumentValidators } from './validators.js';
import './tables.js';

/** A stored document loaded in memory: parsed, indexed, with its schema compiler. */
export interface LoadedDocument {
  id: number;
  name: string;
  sha256: string;
  /** The document with dangling `$ref`s patched (see withDanglingRefsPatched). */
  document: JsonObject;
  operations: OpenApiOperation[];
  validators: DocumentValidators;
}

export interface OpenApiStoreOptions {
  /** How often (ms) to look for documents imported by another process; 0 = on every call. */
  recheckMs: number;
  /** Bytes of dereferenced documents kept (JSON text). */
  derefCacheBytes: number;
  /** Documents held at an older release (OPENAPI_PINNED_RELEASES): name → release ref. */
  pins?: Map<string, string>;
}

interface Head {
  id: number;
  name: string;
  sha256: string;
  /** The pinned release in use instead of the newest, when one is pinned. */
  releaseId?: number;
}

const normPath = (p: string) => p;

/**
 * The in-process service over the imported OpenAPI documents, one per app (the `openApi` service's
 * `store`): the list, one document (raw or dereferenced, cached), and the operation index
 * (`listOperations`, `getOperation`, `operationAt`) with compiled validators per document.
 * Documents imported by `lab import` in another process are picked up within `recheckMs`.
 */
export class OpenApiStore {
  private heads: Map<string, Head> | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  private readonly loaded = new Map<string, LoadedDocument>();
  private readonly loading = new Map<string, Promise<LoadedDocument | undefined>>();
  private readonly derefs: LRUCache<string, string>;
  private readonly derefInFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: OpenApiStoreOptions,
  ) {
    this.derefs = new LRUCache({
      maxSize: this.options.derefCacheBytes,
      sizeCalculation: (s) => Math.max(1, s.length),
    });
  }

  /** Forget what is known about the database's documents (the next call reads them again). */
  invalidate(): void {
    this.heads = undefined;
    this.checkedAt = 0;
  }

  private async refresh(): Promise<Map<string, Head>> {
    const now = Date.now();
    if (this.heads && now - this.checkedAt < this.options.recheckMs) return this.heads;
    this.checking ??= (async () => {
      const rows = await this.db.selectFrom('openapi_documents').select(['id', 'name', 'sha256']).execute();
      const heads = new Map<string, Head>(
        rows.map((r) => [r.name, { id: Number(r.id), name: r.name, sha256: r.sha256 }]),
      );
      for (const [name, ref] of this.options.pins ?? []) {
        const head = heads.get(name);
        const pinned = head && pickRelease(await listReleases(this.db, name), ref);
        if (head && pinned) heads.set(name, { ...head, sha256: pinned.sha256, releaseId: pinned.id });
      }
      for (const [name, doc] of this.loaded) if (heads.get(name)?.sha256 !== doc.sha256) this.loaded.delete(name);
      this.heads = heads;
      this.checkedAt = Date.now();
    })().finally(() => (this.checking = undefined));
    await this.checking;
    return this.heads!;
  }

  /** A tag that changes whenever the set of documents or any document changes. */
  async revision(): Promise<string> {
    const heads = [...(await this.refresh()).values()].sort((a, b) => a.name.localeCompare(b.name));
    return createHash('sha256')
      .update(heads.map((h) => `${h.id}:${h.name}:${h.sha256}`).join('\n'))
      .digest('hex')
      .slice(0, 32);
  }

  /** True when at least one document is imported. */
  async hasDocuments(): Promise<boolean> {
    return (await this.refresh()).size > 0;
  }

  /** The sha256 of the content in use for `name` (the newest release, or the pinned one). */
  async currentSha(name: string): Promise<string | undefined> {
    return (await this.refresh()).get(name)?.sha256;
  }

  async summaries(): Promise<OpenApiDocSummary[]> {
    const heads = await this.refresh();
    const rows = await this.db
      .selectFrom('openapi_documents')
      .select([
        'id',
        'name',
        'api',
        'resource',
        'title',
        'version',
        'sha256',
        'source_file',
        'imported_at',
        'operations',
      ])
      .orderBy('name')
      .execute();
    const pinned = new Map<string, ReleaseRow>();
    for (const r of rows) {
      const id = heads.get(r.name)?.releaseId;
      const release = id === undefined ? undefined : (await listReleases(this.db, r.name)).find((x) => x.id === id);
      if (release) pinned.set(r.name, release);
    }
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      api: r.api,
      resource: r.resource,
      title: r.title,
      version: pinned.get(r.name)?.version ?? r.version,
      sha256: pinned.get(r.name)?.sha256 ?? r.sha256,
      sourceFile: r.source_file,
      importedAt: r.imported_at,
      operations: Number(r.operations),
    }));
  }

  /** One stored row (numeric id or name), with the document's JSON text. */
  async row(idOrName: string): Promise<{ id: number; name: string; sha256: string; text: string } | undefined> {
    const q = this.db.selectFrom('openapi_documents').select(['id', 'name', 'sha256', 'document']);
    const row = await (
      /^\d+$/.test(idOrName) ? q.where('id', '=', Number(idOrName)) : q.where('name', '=', idOrName)
    ).executeTakeFirst();
    if (!row) return undefined;
    const head = (await this.refresh()).get(row.name);
    const text = head?.releaseId === undefined ? undefined : await releaseText(this.db, head.releaseId);
    if (head && text !== undefined) return { id: Number(row.id), name: row.name, sha256: head.sha256, text };
    return { id: Number(row.id), name: row.name, sha256: row.sha256, text: row.document };
  }

  /** The dereferenced JSON text of a stored document, computed once per content (sha256). */
  async dereferencedText(row: { sha256: string; text: string }): Promise<string> {
    const hit = this.derefs.get(row.sha256);
    if (hit !== undefined) return hit;
    let pending = this.derefInFlight.get(row.sha256);
    if (!pending) {
      pending = dereferenceDocument(JSON.parse(row.text) as JsonObject)
        .then((doc) => {
          const text = JSON.stringify(doc);
          this.derefs.set(row.sha256, text);
          return text;
        })
        .finally(() => this.derefInFlight.delete(row.sha256));
      this.derefInFlight.set(row.sha256, pending);
    }
    return pending;
  }

  /** A document by name, parsed and indexed (loaded once per content). */
  async getDocument(name: string): Promise<LoadedDocument | undefined> {
    const head = (await this.refresh()).get(name);
    if (!head) return undefined;
    const hit = this.loaded.get(name);
    if (hit?.sha256 === head.sha256) return hit;
    const key = `${name}@${head.sha256}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(name).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(name: string): Promise<LoadedDocument | undefined> {
    const row = await this.row(name);
    if (!row) return undefined;
    const raw = JSON.parse(row.text) as JsonObject;
    const document = withDanglingRefsPatched(raw, findDanglingRefs(raw));
    const loaded: LoadedDocument = {
      id: row.id,
      name: row.name,
      sha256: row.sha256,
      document,
      operations: indexOperations(row.name, document),
      validators: new DocumentValidators(document),
    };
    this.loaded.set(name, loaded);
    return loaded;
  }

  /** Every operation of every stored document (loads them all). */
  async listOperations(): Promise<OpenApiOperation[]> {
    const names = [...(await this.refresh()).keys()].sort();
    const docs = await Promise.all(names.map((n) => this.getDocument(n)));
    return docs.flatMap((d) => d?.operations ?? []);
  }

  /**
   * One operation: the document's name, the method and the path exactly as the document spells it
   * (a path template such as `/ship/v1/shipments/tag/cancel/{shipmentid}`).
   */
  async getOperation(
    document: string,
    method: string,
    path: string,
  ): Promise<{ document: LoadedDocument; operation: OpenApiOperation } | undefined> {
    const doc = await this.getDocument(document);
    const m = method.toUpperCase();
    const operation = doc?.operations.find((o) => o.method === m && normPath(o.path) === normPath(path));
    return doc && operation ? { document: doc, operation } : undefined;
  }

  /** The first operation of any stored document whose path template matches a concrete request path. */
  async operationAt(method: string, concretePath: string): Promise<OpenApiOperation | undefined> {
    const m = method.toUpperCase();
    return (await this.listOperations()).find((o) => o.method === m && pathMatches(o.path, concretePath));
  }
}
