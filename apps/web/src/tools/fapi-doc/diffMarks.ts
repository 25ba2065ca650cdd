/**
 * What the compare marks and the where-used menu need, without React: the changes of one shown part
 * (request or a response status) keyed by field path, each field's mark, and the component (and
 * field inside it) a field's where-used asks the server about.
 */
import type { OpenApiDiffReply, OpenApiRelease } from '@lab/core/contract';
import type { SchemaField, SchemaTree } from '@lab/core/schema-tree';

export type ApiChangeRow = OpenApiDiffReply['changes'][number];
export type MarkKind = 'added' | 'removed' | 'changed';

const ADDED_RULES = new Set(['request.required-field-added', 'request.optional-field-added', 'response.field-added']);
const REMOVED_RULES = new Set(['request.field-removed', 'response.field-removed']);

export interface FieldMark {
  kind: MarkKind;
  changes: ApiChangeRow[];
}

export interface PartMarks {
  /** Marks of the fields the shown tree has (added, changed). */
  byPath: Map<string, FieldMark>;
  /** Fields of the compared release that the shown one lacks (each removed subtree once, at its top). */
  removed: ApiChangeRow[];
}

/** The field changes of operation `operation` (`POST /x`) in part `part` (`request` or a status). */
export function partMarks(changes: readonly ApiChangeRow[], operation: string, part: string): PartMarks {
  const byPath = new Map<string, FieldMark>();
  const removed: ApiChangeRow[] = [];
  for (const c of changes) {
    if (c.operation !== operation || c.field === undefined) continue;
    if (part === 'request' ? c.where !== 'request' : c.where !== 'response' || c.status !== part) continue;
    if (REMOVED_RULES.has(c.rule)) {
      removed.push(c);
      continue;
    }
    const mark = byPath.get(c.field) ?? { kind: 'changed', changes: [] };
    if (ADDED_RULES.has(c.rule)) mark.kind = 'added';
    mark.changes.push(c);
    byPath.set(c.field, mark);
  }
  return { byPath, removed };
}

/** `before → after` of one change (`—` for a side without a value). */
export const beforeAfter = (c: ApiChangeRow): string => `${c.before ?? '—'} → ${c.after ?? '—'}`;

/** Where a change is, as the change list's column reads it: `request`, `response 200`, `parameter`. */
export const changeWhere = (
  c: ApiChangeRow,
  words: { request: string; response: string; parameter: string; operation: string },
): string => (c.where === 'response' ? `${words.response} ${c.status ?? ''}`.trim() : words[c.where]);

/**
 * The component a field's where-used asks about: the field's own schema when it is a component,
 * else the nearest enclosing component (or the tree's root component) and the field's path inside it.
 */
export function usageTarget(tree: SchemaTree, f: SchemaField): { schema: string; field?: string } | undefined {
  if (f.ref) return { schema: f.ref };
  const fields = tree.fields;
  for (let p = f.parent; p >= 0; p = fields[p]!.parent) {
    const a = fields[p]!;
    if (a.ref) return { schema: a.ref, field: inside(a.path, f.path) };
  }
  return tree.ref ? { schema: tree.ref, field: f.path } : undefined;
}

const inside = (base: string, path: string) =>
  path.startsWith(`${base}[].`) ? path.slice(base.length + 3) : path.slice(base.length + 1);

/** A release as a picker and a heading name it: its label, else its `info.version`. */
export const releaseName = (r: Pick<OpenApiRelease, 'label' | 'version'>): string => r.label ?? r.version;

/** The import time as `YYYY-MM-DD HH:mm` (UTC). */
export const importDate = (iso: string): string => iso.slice(0, 16).replace('T', ' ');
