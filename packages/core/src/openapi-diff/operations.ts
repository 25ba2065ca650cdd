/**
 * The parts of an OpenAPI 3 document's operations a comparison needs, read from the raw document
 * (`$ref`s to components followed for parameters, request bodies and responses; schemas stay as
 * written, `$ref`s included, and are flattened later by `@lab/core/schema-tree`).
 */
import { isObject, nonBlank, refName, resolveRef, type JsonObject } from '../json/index.js';

export const DIFF_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export interface DiffParameter {
  /** `query:limit`, `path:owner`, `header:x-customer`. */
  key: string;
  required: boolean;
  schema: unknown;
  description?: string;
}

export interface DiffOperation {
  /** `POST /ship/v1/shipments`. */
  key: string;
  method: string;
  path: string;
  summary?: string;
  /** The operation object and its path item's parameters. */
  node: unknown;
  /** `node` as JSON text (an unchanged operation compares equal). */
  text: string;
  parameters: DiffParameter[];
  request: { required: boolean; schema: unknown } | null;
  /** Status → the schema of its JSON (else first) content, or null when it has no body. */
  responses: Map<string, unknown>;
}

const follow = (doc: JsonObject, node: unknown): unknown => {
  let cur = node;
  for (let i = 0; i < 8 && isObject(cur) && typeof cur.$ref === 'string'; i++) cur = resolveRef(doc, cur.$ref);
  return cur;
};

/** The schema of a `content` map: its JSON media type's, else the first one's. */
export function contentSchema(content: unknown): unknown {
  if (!isObject(content)) return null;
  const types = Object.keys(content);
  const json = types.find((t) => /json/i.test(t)) ?? types[0];
  const media = json === undefined ? undefined : content[json];
  return isObject(media) && media.schema !== undefined ? media.schema : null;
}

function parametersOf(doc: JsonObject, lists: unknown[]): DiffParameter[] {
  const byKey = new Map<string, DiffParameter>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = follow(doc, raw);
      if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      const key = `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
      const param: DiffParameter = { key, required: p.required === true || p.in === 'path', schema: p.schema ?? {} };
      const description = nonBlank(p.description);
      if (description) param.description = description;
      byKey.set(key, param);
    }
  }
  return [...byKey.values()];
}

/** Every operation of a document, keyed `METHOD path`. */
export function diffOperations(doc: JsonObject): Map<string, DiffOperation> {
  const out = new Map<string, DiffOperation>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(doc, rawItem);
    if (!isObject(item)) continue;
    for (const m of DIFF_METHODS) {
      const op = item[m];
      if (!isObject(op)) continue;
      const method = m.toUpperCase();
      const body = follow(doc, op.requestBody);
      const responses = new Map<string, unknown>();
      if (isObject(op.responses)) {
        for (const [status, r] of Object.entries(op.responses)) {
          const resp = follow(doc, r);
          responses.set(status, isObject(resp) ? contentSchema(resp.content) : null);
        }
      }
      const summary = nonBlank(op.summary);
      out.set(`${method} ${path}`, {
        key: `${method} ${path}`,
        method,
        path,
        ...(summary ? { summary } : {}),
        node: [op, item.parameters ?? null],
        text: JSON.stringify([op, item.parameters ?? null]),
        parameters: parametersOf(doc, [item.parameters, op.parameters]),
        request: isObject(body) ? { required: body.required === true, schema: contentSchema(body.content) } : null,
        responses,
      });
    }
  }
  return out;
}

/** Local `$ref`s written anywhere inside `node` (not followed). */
export function refsIn(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const n of node) refsIn(n, into);
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) into.add(v);
      else refsIn(v, into);
    }
  }
  return into;
}

/**
 * The component graph of a document: for each local `$ref`, every `$ref` reachable from it
 * (itself included), computed once per ref.
 */
export class RefGraph {
  private readonly reach = new Map<string, Set<string>>();
  constructor(private readonly doc: JsonObject) {}

  reachable(ref: string): Set<string> {
    const hit = this.reach.get(ref);
    if (hit) return hit;
    // Iterative closure: a cycle only means a ref is already in the set.
    const seen = new Set<string>([ref]);
    const stack = [ref];
    while (stack.length) {
      const cur = stack.pop()!;
      const known = this.reach.get(cur);
      if (known && cur !== ref) {
        for (const r of known) seen.add(r);
        continue;
      }
      for (const r of refsIn(resolveRef(this.doc, cur))) {
        if (!seen.has(r)) {
          seen.add(r);
          stack.push(r);
        }
      }
    }
    this.reach.set(ref, seen);
    return seen;
  }

  /** Every ref reachable from what `node` writes. */
  reachableFrom(node: unknown): Set<string> {
    const out = new Set<string>();
    for (const r of refsIn(node)) for (const x of this.reachable(r)) out.add(x);
    return out;
  }
}

/** `#/components/schemas/Address` → `Address`. */
export const componentName = refName;
