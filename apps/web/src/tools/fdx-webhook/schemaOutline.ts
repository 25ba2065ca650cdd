import { asObject, derefSchema, isObject, mergedProperties, refName, type JsonObject } from '@lab/core/json';

/** A readable outline of a JSON Schema: one node per property, refs into `$defs` resolved. */
export interface SchemaNode {
  /** Dotted path from the root; `[]` marks array items. */
  path: string;
  name: string;
  type: string;
  required: boolean;
  description: string;
  children: SchemaNode[];
}

type Schema = JsonObject;

const MAX_DEPTH = 12;

/** Follows local refs (`#/$defs/…`); `seen` (the refs open on the way down) stops on cycles. */
function resolve(schema: Schema, root: Schema, seen: string[]): { schema: Schema; seen: string[]; ref?: string } {
  const r = derefSchema(schema, root, new Set(seen));
  const stop = r.loop ?? r.unresolved ?? r.refs.at(-1);
  return { schema: r.schema, seen: [...seen, ...r.refs], ...(stop ? { ref: refName(stop) } : {}) };
}

/** allOf/oneOf/anyOf branches contribute their properties to one object view. */
function mergedObject(
  schema: Schema,
  root: Schema,
  seen: string[],
): { properties: [string, Schema][]; required: Set<string> } {
  const { properties, required } = mergedProperties(schema, root, new Set(seen), { maxDepth: 5 });
  return { properties: [...properties].filter((p): p is [string, Schema] => isObject(p[1])), required };
}

function typeLabel(schema: Schema, ref: string | undefined): string {
  const t = schema.type;
  let label = Array.isArray(t) ? t.join(' | ') : typeof t === 'string' ? t : '';
  if (!label && isObject(schema.properties)) label = 'object';
  if (!label && (schema.allOf || schema.oneOf || schema.anyOf)) label = 'object';
  if (!label) label = 'any';
  if (Array.isArray(schema.enum))
    label += ` (${schema.enum.slice(0, 8).map(String).join(', ')}${schema.enum.length > 8 ? ', …' : ''})`;
  return ref ? `${label} · ${ref}` : label;
}

function describe(schema: Schema): string {
  const d = schema.description ?? schema.title;
  return typeof d === 'string' ? d : '';
}

function childrenOf(schema: Schema, root: Schema, seen: string[], path: string, depth: number): SchemaNode[] {
  if (depth >= MAX_DEPTH) return [];
  const { properties, required } = mergedObject(schema, root, seen);
  const nodes: SchemaNode[] = [];
  for (const [name, raw] of properties) {
    nodes.push(nodeFor(name, raw, required.has(name), root, seen, path ? `${path}.${name}` : name, depth + 1));
  }
  return nodes;
}

function nodeFor(
  name: string,
  raw: Schema,
  required: boolean,
  root: Schema,
  seen: string[],
  path: string,
  depth: number,
): SchemaNode {
  const r = resolve(raw, root, seen);
  const s = r.schema;
  if (s.type === 'array' || isObject(s.items)) {
    const items = resolve(asObject(s.items), root, r.seen);
    return {
      path,
      name,
      type: `array of ${typeLabel(items.schema, items.ref)}`,
      required,
      description: describe(s) || describe(items.schema),
      children: childrenOf(items.schema, root, items.seen, `${path}[]`, depth),
    };
  }
  return {
    path,
    name,
    type: typeLabel(s, r.ref),
    required,
    description: describe(s),
    children: childrenOf(s, root, r.seen, path, depth),
  };
}

/** The properties of a schema (its root), as a tree. */
export function schemaOutline(schema: unknown): SchemaNode[] {
  if (!isObject(schema)) return [];
  const root = schema;
  const r = resolve(root, root, []);
  const s = r.schema;
  if (s.type === 'array' || isObject(s.items)) {
    const items = resolve(asObject(s.items), root, r.seen);
    return childrenOf(items.schema, root, items.seen, '[]', 0);
  }
  return childrenOf(s, root, r.seen, '', 0);
}

/** The same outline flattened in document order, for the table tab. */
export function schemaRows(schema: unknown): Omit<SchemaNode, 'children'>[] {
  const rows: Omit<SchemaNode, 'children'>[] = [];
  const walk = (nodes: SchemaNode[]) => {
    for (const { children, ...row } of nodes) {
      rows.push(row);
      walk(children);
    }
  };
  walk(schemaOutline(schema));
  return rows;
}

/** Schema names in dialog order: `Account` first when present, then as served. */
export function orderSchemaNames(names: string[]): string[] {
  return names.includes('Account') ? ['Account', ...names.filter((n) => n !== 'Account')] : names;
}
