/**
 * JSON Pointer (RFC 6901): `/a~1b/0` names key `a/b`, then index 0. A local `$ref` is the pointer
 * in a URI fragment (`#/components/schemas/X`, section 6): percent-encoded, then `~`-escaped.
 */

import { isObject } from './guards.js';

export type JsonPath = readonly (string | number)[];

/** `~` → `~0`, `/` → `~1` (in that order). */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `~1` → `/`, `~0` → `~` (in that order, so `~01` is `~1`). A `~` before anything else is kept. */
export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a path: `[]` → `''`, `['a/b', 0]` → `/a~1b/0`. */
export function encodePointer(path: JsonPath): string {
  return path.map((s) => `/${escapeSegment(String(s))}`).join('');
}

/** The path of a pointer (`''` → `[]`), or undefined when it is not one (does not start with `/`). */
export function decodePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/** Characters a URI fragment may hold as they are (RFC 3986 pchar, `/`, `?`); the rest are %-encoded. */
const NOT_FRAGMENT = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu;
const LONE_SURROGATE = /^[\uD800-\uDFFF]$/;

/** The local `$ref` of a path: `['$defs', 'A B']` → `#/$defs/A%20B`. */
export function encodeRef(path: JsonPath): string {
  // A lone surrogate has no UTF-8 form: it stays as is (decodeURIComponent passes it through).
  return `#${encodePointer(path).replace(NOT_FRAGMENT, (c) => (LONE_SURROGATE.test(c) ? c : encodeURIComponent(c)))}`;
}

/** The path of a local `$ref` (`#`, `#/…`), or undefined when it is not one or its %-escapes are broken. */
export function decodeRef(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  return decodePointer(pointer);
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** The value at a path or pointer inside `root` (own keys only; array indexes without leading zeros), or undefined. */
export function resolvePointer(root: unknown, pointer: string | JsonPath): unknown {
  const path = typeof pointer === 'string' ? decodePointer(pointer) : pointer;
  if (!path) return undefined;
  let node = root;
  for (const raw of path) {
    const key = String(raw);
    if (Array.isArray(node)) {
      if (!ARRAY_INDEX.test(key) || Number(key) >= node.length) return undefined;
      node = node[Number(key)];
    } else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The value a local `$ref` (`#/components/schemas/X`, `#/$defs/X`) names inside `root`, or undefined. */
export function resolveRef(root: unknown, ref: string): unknown {
  const path = decodeRef(ref);
  return path && resolvePointer(root, path);
}

/** The name a `$ref` shows: its last segment (`#/$defs/Node` → `Node`), or the ref itself. */
export function refName(ref: string): string {
  return decodeRef(ref)?.at(-1) ?? ref;
}
