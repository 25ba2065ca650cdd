import type { Kysely } from 'kysely';
import type { OpenApiRelease } from '@lab/core/contract';
import type { Database } from '../../db/schema.js';
import './tables.js';

/**
 * The releases of a document: every distinct content imported under its name, newest first, and
 * how a person names one (`--release` label, `info.version`, id or sha256 prefix).
 */

export interface ReleaseRow {
  id: number;
  name: string;
  label: string | null;
  version: string;
  sha256: string;
  importedAt: string;
  operations: number;
}

const columns = ['id', 'name', 'label', 'version', 'sha256', 'imported_at', 'operations'] as const;

const toRow = (r: {
  id: number | string;
  name: string;
  label: string | null;
  version: string;
  sha256: string;
  imported_at: string;
  operations: number | string;
}): ReleaseRow => ({
  id: Number(r.id),
  name: r.name,
  label: r.label,
  version: r.version,
  sha256: r.sha256,
  importedAt: r.imported_at,
  operations: Number(r.operations),
});

/** A document's releases, newest first (import time, then id). */
export async function listReleases(db: Kysely<Database>, name: string): Promise<ReleaseRow[]> {
  const rows = await db
    .selectFrom('openapi_document_releases')
    .select(columns)
    .where('name', '=', name)
    .orderBy('imported_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRow);
}

/** The release `ref` names among `releases` (newest first): id, label, `info.version`, or a sha256 prefix of 7+ hex. */
export function pickRelease(releases: ReleaseRow[], ref: string): ReleaseRow | undefined {
  const r = ref.trim();
  return (
    (/^\d+$/.test(r) ? releases.find((x) => x.id === Number(r)) : undefined) ??
    releases.find((x) => x.label === r) ??
    releases.find((x) => x.version === r) ??
    (/^[0-9a-f]{7,64}$/i.test(r) ? releases.find((x) => x.sha256.startsWith(r.toLowerCase())) : undefined)
  );
}

/** The JSON text of one release. */
export async function releaseText(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('openapi_document_releases')
    .select('document')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.document;
}

/** A release as the API lists it. */
export const releaseSummary = (r: ReleaseRow, currentSha: string | undefined): OpenApiRelease => ({
  id: r.id,
  label: r.label,
  version: r.version,
  sha256: r.sha256,
  importedAt: r.importedAt,
  operations: r.operations,
  current: r.sha256 === currentSha,
});

/** `name=release,name=release` (OPENAPI_PINNED_RELEASES) → name → release ref. */
export function parsePins(text: string): Map<string, string> {
  const pins = new Map<string, string>();
  for (const part of text.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const ref = part.slice(at + 1).trim();
    if (name && ref) pins.set(name, ref);
  }
  return pins;
}
