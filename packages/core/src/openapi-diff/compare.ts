/**
 * What changed between two releases of one OpenAPI document, per operation and field, request and
 * response apart, each change classified for a client of the API (rules.ts). Schemas are compared
 * as the doc viewer shows them: flattened by `@lab/core/schema-tree`, fields matched by their
 * dotted path. An operation whose text and every component it reaches are unchanged is skipped
 * without flattening anything (what keeps a diff of two large releases fast).
 */
import { isObject, resolveRef, type JsonObject } from '../json/index.js';
import { buildSchemaTree, type SchemaField } from '../schema-tree/index.js';
import { diffOperations, RefGraph, type DiffOperation, type DiffParameter } from './operations.js';
import { classOf, type ChangeClass, type DiffRule } from './rules.js';

export type ChangeWhere = 'operation' | 'parameter' | 'request' | 'response';

export interface ApiChange {
  /** `POST /ship/v1/shipments`. */
  operation: string;
  where: ChangeWhere;
  /** The response status, for `where: 'response'`. */
  status?: string;
  /** The field's dotted path (schema-tree paths), or the parameter's `in:name`. */
  field?: string;
  rule: DiffRule;
  class: ChangeClass;
  /** The old and new value as text, where a value changed. */
  before?: string;
  after?: string;
}

export interface ApiDiff {
  changes: ApiChange[];
  counts: Record<ChangeClass, number>;
  operations: { added: number; removed: number; changed: number; unchanged: number };
}

type Direction = 'request' | 'response';

const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
/** Limits that narrow what is allowed when they grow. */
const LOWER_BOUNDS = new Set(['minLength', 'minimum', 'minItems']);

const baseType = (f: SchemaField): string => f.type.replace(/ \([^)]*\)/g, '');

class Differ {
  readonly changes: ApiChange[] = [];
  private readonly graphA: RefGraph;
  private readonly graphB: RefGraph;
  private readonly changedRefs = new Set<string>();
  private readonly checkedRefs = new Set<string>();
  private readonly trees = new Map<string, SchemaField[]>();

  constructor(
    private readonly a: JsonObject,
    private readonly b: JsonObject,
  ) {
    this.graphA = new RefGraph(a);
    this.graphB = new RefGraph(b);
  }

  private add(op: string, where: ChangeWhere, rule: DiffRule, extra: Partial<ApiChange> = {}): void {
    this.changes.push({ operation: op, where, rule, class: classOf(rule), ...extra });
  }

  private refChanged(ref: string): boolean {
    return this.changedRefs.has(ref);
  }

  /** Marks the refs whose JSON differs between the releases (memoised per ref). */
  private noteRefs(refs: Iterable<string>): void {
    for (const r of refs) {
      if (this.checkedRefs.has(r)) continue;
      this.checkedRefs.add(r);
      const ta = JSON.stringify(resolveRef(this.a, r) ?? null);
      const tb = JSON.stringify(resolveRef(this.b, r) ?? null);
      if (ta !== tb) this.changedRefs.add(r);
    }
  }

  private unchanged(oa: DiffOperation, ob: DiffOperation): boolean {
    if (oa.text !== ob.text) return false;
    const refs = new Set([...this.graphA.reachableFrom(oa.node), ...this.graphB.reachableFrom(ob.node)]);
    this.noteRefs(refs);
    for (const r of refs) if (this.refChanged(r)) return false;
    return true;
  }

  private fields(doc: JsonObject, side: 'a' | 'b', schema: unknown): SchemaField[] {
    if (schema === null || schema === undefined) return [];
    const key =
      isObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1
        ? `${side}${schema.$ref}`
        : undefined;
    const hit = key === undefined ? undefined : this.trees.get(key);
    if (hit) return hit;
    const fields = buildSchemaTree(schema, doc).fields;
    if (key !== undefined) this.trees.set(key, fields);
    return fields;
  }

  compare(): ApiDiff {
    const opsA = diffOperations(this.a);
    const opsB = diffOperations(this.b);
    const counted = { added: 0, removed: 0, changed: 0, unchanged: 0 };
    for (const [key, oa] of opsA) {
      const ob = opsB.get(key);
      if (!ob) {
        counted.removed++;
        this.add(key, 'operation', 'operation.removed');
        continue;
      }
      if (this.unchanged(oa, ob)) {
        counted.unchanged++;
        continue;
      }
      const before = this.changes.length;
      this.operation(oa, ob);
      if (this.changes.length > before) counted.changed++;
      else counted.unchanged++;
    }
    for (const key of opsB.keys()) {
      if (!opsA.has(key)) {
        counted.added++;
        this.add(key, 'operation', 'operation.added');
      }
    }
    const counts: Record<ChangeClass, number> = { breaking: 0, 'non-breaking': 0, 'doc-only': 0 };
    for (const c of this.changes) counts[c.class]++;
    return { changes: this.changes, counts, operations: counted };
  }

  private operation(oa: DiffOperation, ob: DiffOperation): void {
    const op = oa.key;
    if ((oa.summary ?? '') !== (ob.summary ?? '')) {
      this.add(op, 'operation', 'doc.summary-changed', { before: oa.summary ?? '', after: ob.summary ?? '' });
    }
    this.parameters(op, oa.parameters, ob.parameters);
    if (oa.request && !ob.request) this.add(op, 'request', 'request-body.removed');
    else if (!oa.request && ob.request) {
      this.add(op, 'request', ob.request.required ? 'request-body.added-required' : 'request-body.added-optional');
    } else if (oa.request && ob.request) {
      this.schema(op, 'request', undefined, oa.request.schema, ob.request.schema);
    }
    for (const [status, sa] of oa.responses) {
      if (!ob.responses.has(status)) {
        this.add(op, 'response', status.startsWith('2') ? 'response.success-removed' : 'response.status-removed', {
          status,
        });
      } else {
        this.schema(op, 'response', status, sa, ob.responses.get(status));
      }
    }
    for (const status of ob.responses.keys()) {
      if (!oa.responses.has(status)) this.add(op, 'response', 'response.status-added', { status });
    }
  }

  private parameters(op: string, pa: DiffParameter[], pb: DiffParameter[]): void {
    const byKey = new Map(pb.map((p) => [p.key, p]));
    for (const a of pa) {
      const b = byKey.get(a.key);
      const field = a.key;
      if (!b) {
        this.add(op, 'parameter', 'parameter.removed', { field });
        continue;
      }
      if (a.required !== b.required) {
        this.add(op, 'parameter', b.required ? 'parameter.made-required' : 'parameter.made-optional', { field });
      }
      const ta = isObject(a.schema) ? `${String(a.schema.type ?? '')} ${String(a.schema.format ?? '')}`.trim() : '';
      const tb = isObject(b.schema) ? `${String(b.schema.type ?? '')} ${String(b.schema.format ?? '')}`.trim() : '';
      if (ta !== tb) this.add(op, 'parameter', 'parameter.type-changed', { field, before: ta, after: tb });
      if ((a.description ?? '') !== (b.description ?? '')) {
        this.add(op, 'parameter', 'doc.description-changed', {
          field,
          before: a.description ?? '',
          after: b.description ?? '',
        });
      }
    }
    const keysA = new Set(pa.map((p) => p.key));
    for (const b of pb) {
      if (!keysA.has(b.key)) {
        this.add(op, 'parameter', b.required ? 'parameter.required-added' : 'parameter.optional-added', {
          field: b.key,
        });
      }
    }
  }

  private schema(op: string, dir: Direction, status: string | undefined, sa: unknown, sb: unknown): void {
    const fa = this.fields(this.a, 'a', sa);
    const fb = this.fields(this.b, 'b', sb);
    const where: ChangeWhere = dir;
    const at = (field: string) => (status === undefined ? { field } : { status, field });
    const mapB = new Map(fb.map((f) => [f.path, f]));
    const mapA = new Map(fa.map((f) => [f.path, f]));
    const parentPath = (list: SchemaField[], f: SchemaField) => (f.parent < 0 ? '' : list[f.parent]!.path);
    for (const f of fa) {
      const g = mapB.get(f.path);
      if (!g) {
        const parent = parentPath(fa, f);
        // Only the top of a removed subtree is a change of its own.
        if (parent === '' || mapB.has(parent))
          this.add(op, where, dir === 'request' ? 'request.field-removed' : 'response.field-removed', at(f.path));
        continue;
      }
      this.field(op, dir, at(f.path), f, g);
    }
    for (const g of fb) {
      if (mapA.has(g.path)) continue;
      const parent = parentPath(fb, g);
      if (parent !== '' && !mapA.has(parent)) continue;
      if (dir === 'response') this.add(op, where, 'response.field-added', at(g.path));
      else
        this.add(op, where, g.required ? 'request.required-field-added' : 'request.optional-field-added', at(g.path));
    }
  }

  private field(op: string, dir: Direction, at: Partial<ApiChange>, f: SchemaField, g: SchemaField): void {
    const req = dir === 'request';
    const add = (rule: DiffRule, before?: string, after?: string) =>
      this.add(op, dir, rule, {
        ...at,
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      });
    if (f.required !== g.required) {
      if (req) add(g.required ? 'request.made-required' : 'request.made-optional');
      else add(g.required ? 'response.made-required' : 'response.made-optional');
    }
    if (baseType(f) !== baseType(g)) add(req ? 'request.type-changed' : 'response.type-changed', f.type, g.type);
    else if ((f.format ?? '') !== (g.format ?? '')) {
      add(req ? 'request.format-changed' : 'response.format-changed', f.format ?? '', g.format ?? '');
    }
    if (f.enum || g.enum) {
      const ea = new Set(f.enum ?? []);
      const eb = new Set(g.enum ?? []);
      // No enum = any value: gaining one narrows, losing one widens.
      const removed = f.enum ? [...ea].filter((v) => !g.enum || !eb.has(v)) : [];
      const added = g.enum ? [...eb].filter((v) => !f.enum || !ea.has(v)) : [];
      const narrowed = (g.enum !== undefined && f.enum === undefined) || (g.enum !== undefined && removed.length > 0);
      const widened = (f.enum !== undefined && g.enum === undefined) || (f.enum !== undefined && added.length > 0);
      const show = (e?: string[]) => (e ? e.join(', ') : '(any)');
      if (narrowed) add(req ? 'request.enum-narrowed' : 'response.enum-narrowed', show(f.enum), show(g.enum));
      if (widened) add(req ? 'request.enum-widened' : 'response.enum-widened', show(f.enum), show(g.enum));
    }
    for (const limit of LIMITS) {
      const va = f[limit];
      const vb = g[limit];
      if (va === vb) continue;
      // Undefined = unbounded.
      const tighter = LOWER_BOUNDS.has(limit)
        ? (vb ?? -Infinity) > (va ?? -Infinity)
        : (vb ?? Infinity) < (va ?? Infinity);
      const rule: DiffRule = req
        ? tighter
          ? 'request.limit-narrowed'
          : 'request.limit-widened'
        : tighter
          ? 'response.limit-narrowed'
          : 'response.limit-widened';
      add(rule, `${limit} ${va ?? '—'}`, `${limit} ${vb ?? '—'}`);
    }
    if ((f.pattern ?? '') !== (g.pattern ?? ''))
      add(req ? 'request.pattern-changed' : 'response.pattern-changed', f.pattern ?? '', g.pattern ?? '');
    if ((f.default ?? '') !== (g.default ?? ''))
      add(req ? 'request.default-changed' : 'response.default-changed', f.default ?? '', g.default ?? '');
    if ((f.description ?? '') !== (g.description ?? ''))
      add('doc.description-changed', f.description ?? '', g.description ?? '');
    if ((f.example ?? '') !== (g.example ?? '')) add('doc.example-changed', f.example ?? '', g.example ?? '');
  }
}

/** The changes from release `a` to release `b` of one document. */
export function diffDocuments(a: JsonObject, b: JsonObject): ApiDiff {
  return new Differ(a, b).compare();
}
