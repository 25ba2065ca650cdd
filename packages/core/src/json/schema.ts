/**
 * Walking JSON Schemas (and OpenAPI 3 schemas) inside a document: following local `$ref`s with
 * cycle protection, visiting `allOf`/`oneOf`/`anyOf` parts, collecting their properties, and
 * rewriting every `$ref` of a tree.
 */

import { isObject, type JsonObject } from './guards.js';
import { resolveRef } from './pointer.js';

/** The refs already open on the way down (a Set or a Map of them); following one again is a loop. */
export interface OpenRefs {
  has(ref: string): boolean;
}

const NONE: OpenRefs = { has: () => false };

/** Most refs followed in one chain (`A` → `B` → …) before giving up. */
const MAX_HOPS = 32;

export interface DerefResult {
  /** The target with the `$ref` node's siblings over it (`description`, …); `{}` for a non-object. */
  schema: JsonObject;
  /** Refs followed to get here, innermost last. */
  refs: string[];
  /** The ref that would close a loop (open on the way down or already in this chain): `schema` still holds it. */
  loop?: string;
  /** The ref that names nothing (or a non-object) in `root`: `schema` still holds it. */
  unresolved?: string;
}

export interface DerefOptions {
  /**
   * Keep a `$ref` node's other keys over its target (`{ $ref, description }` shows that description),
   * as JSON Schema 2019+ reads them. False: the target alone, as OpenAPI 3.0 reads them. Default true.
   */
  siblings?: boolean;
}

/** Follows `schema`'s `$ref` chain through `root`, stopping at a loop (see `open`) or a dangling ref. */
export function derefSchema(
  schema: unknown,
  root: unknown,
  open: OpenRefs = NONE,
  options: DerefOptions = {},
): DerefResult {
  const siblings = options.siblings ?? true;
  let current: JsonObject = isObject(schema) ? schema : {};
  const refs: string[] = [];
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_HOPS; hops++) {
    const ref = current.$ref;
    if (open.has(ref) || refs.includes(ref)) return { schema: current, refs, loop: ref };
    const target = resolveRef(root, ref);
    if (!isObject(target)) return { schema: current, refs, unresolved: ref };
    refs.push(ref);
    const { $ref: _drop, ...rest } = current;
    current = siblings ? { ...target, ...rest } : target;
  }
  return { schema: current, refs };
}

export interface SchemaPartsOptions extends DerefOptions {
  /** The deepest branch level visited (`schema` itself is 0). Default 8. */
  maxDepth?: number;
}

const BRANCH_KEYS = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * `schema` and its `allOf`/`oneOf`/`anyOf` parts, pre-order (a part, then its own parts), each
 * part's `$ref`s followed. Inside a part, the refs followed to reach it count as open: a part whose
 * ref would close a loop contributes its own keys only (the ref is not followed again).
 */
export function* schemaParts(
  schema: JsonObject,
  root: unknown,
  open: OpenRefs = NONE,
  options: SchemaPartsOptions = {},
): Generator<JsonObject> {
  const maxDepth = options.maxDepth ?? 8;
  function* visit(s: JsonObject, scope: OpenRefs, depth: number): Generator<JsonObject> {
    yield s;
    if (depth >= maxDepth) return;
    for (const key of BRANCH_KEYS) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const b of branches) {
        const r = derefSchema(b, root, scope, options);
        const inner = r.refs.length ? { has: (ref: string) => r.refs.includes(ref) || scope.has(ref) } : scope;
        yield* visit(r.schema, inner, depth + 1);
      }
    }
  }
  yield* visit(schema, open, 0);
}

/** The properties (a later part's win) and required names of `schema` and its branch parts, as one object view. */
export function mergedProperties(
  schema: JsonObject,
  root: unknown,
  open: OpenRefs = NONE,
  options: SchemaPartsOptions = {},
): { properties: Map<string, unknown>; required: Set<string> } {
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  for (const part of schemaParts(schema, root, open, options)) {
    if (isObject(part.properties)) for (const [k, v] of Object.entries(part.properties)) properties.set(k, v);
    if (Array.isArray(part.required)) for (const k of part.required) if (typeof k === 'string') required.add(k);
  }
  return { properties, required };
}

/** A deep copy of a JSON tree where each string `$ref` is `rewrite(ref)` (kept when that is undefined). */
export function mapRefs(node: unknown, rewrite: (ref: string) => string | undefined): unknown {
  if (Array.isArray(node)) return node.map((n) => mapRefs(n, rewrite));
  if (!isObject(node)) return node;
  // fromEntries defines own keys, so a `__proto__` key stays a key.
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? (rewrite(value) ?? value) : mapRefs(value, rewrite),
    ]),
  );
}
