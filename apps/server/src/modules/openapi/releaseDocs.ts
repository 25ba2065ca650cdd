import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { OpenApiDiffReply, OpenApiRelease } from '@lab/core/contract';
import { diffDocuments } from '@lab/core/openapi-diff';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { findDanglingRefs, indexOperations, withDanglingRefsPatched, type JsonObject } from './document.js';
import { listReleases, pickRelease, releaseSummary, releaseText, type ReleaseRow } from './releases.js';
import type { LoadedDocument, OpenApiStore } from './store.js';

/** A release parsed and indexed: what the doc viewer's views, the diff and where-used read. */
export type ReleaseDocument = Pick<LoadedDocument, 'name' | 'sha256' | 'document' | 'operations'>;

/**
 * Older releases of the documents, read on demand: a few parsed releases and the last diffs are
 * kept (the current release is the store's own, loaded once).
 */
export class ReleaseDocuments {
  private readonly parsed = new LRUCache<string, ReleaseDocument>({ max: 4 });
  private readonly diffs = new LRUCache<string, Omit<OpenApiDiffReply, 'name' | 'from' | 'to'>>({ max: 8 });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: OpenApiStore,
  ) {}

  async releases(name: string): Promise<{ rows: ReleaseRow[]; list: OpenApiRelease[] }> {
    const rows = await listReleases(this.db, name);
    const current = await this.store.currentSha(name);
    return { rows, list: rows.map((r) => releaseSummary(r, current)) };
  }

  /** The release `ref` names, or a 404 that lists the document's releases. */
  async pick(name: string, ref: string): Promise<ReleaseRow> {
    const { rows } = await this.releases(name);
    const found = pickRelease(rows, ref);
    if (!found) {
      const known = rows.map((r) => r.label ?? r.version).join(', ');
      throw notFound(`no release ${ref} of ${name}: its releases are ${known || 'none'}`);
    }
    return found;
  }

  /** A release parsed and indexed (the store's loaded document when it is the one in use). */
  async document(release: ReleaseRow): Promise<ReleaseDocument> {
    const current = await this.store.getDocument(release.name);
    if (current?.sha256 === release.sha256) return current;
    const hit = this.parsed.get(release.sha256);
    if (hit) return hit;
    const text = await releaseText(this.db, release.id);
    if (text === undefined) throw notFound(`release ${release.id} of ${release.name} is gone`);
    const raw = JSON.parse(text) as JsonObject;
    const document = withDanglingRefsPatched(raw, findDanglingRefs(raw));
    const doc: ReleaseDocument = {
      name: release.name,
      sha256: release.sha256,
      document,
      operations: indexOperations(release.name, document),
    };
    this.parsed.set(release.sha256, doc);
    return doc;
  }

  /** What changed from release `from` to release `to` (computed once per pair). */
  async diff(name: string, fromRef: string, toRef: string): Promise<OpenApiDiffReply> {
    const from = await this.pick(name, fromRef);
    const to = await this.pick(name, toRef);
    const key = `${from.sha256}|${to.sha256}`;
    let result = this.diffs.get(key);
    if (!result) {
      const [a, b] = await Promise.all([this.document(from), this.document(to)]);
      result = diffDocuments(a.document, b.document);
      this.diffs.set(key, result);
    }
    const heading = (r: ReleaseRow) => ({
      id: r.id,
      label: r.label,
      version: r.version,
      sha256: r.sha256,
      importedAt: r.importedAt,
    });
    return { name, from: heading(from), to: heading(to), ...result };
  }
}
