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

type Schema = Record<string, unknown>;

const MAX_DEPTH = 12;

function asSchema(value: unknown): Schema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** Follows `#/$defs/…` refs; `seen` stops on cycles (a schema that contains itself). */
function resolve(schema: Schema, root: Schema, seen: string[]): { schema: Schema; seen: string[]; ref?: string } {
  let current = schema;
  let trail = seen;
  let ref: string | undefined;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const name = current.$ref.startsWith('#/$defs/') ? decodeURIComponent(current.$ref.slice(8)) : undefined;
    const target = name === undefined ? undefined : asSchema(asSchema(root.$defs)?.[name]);
    if (!name || !target || trail.includes(name)) return { schema: current, seen: trail, ref: name ?? current.$ref };
    ref = name;
    trail = [...trail, name];
    current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return { schema: current, seen: trail, ...(ref ? { ref } : {}) };
}

/** allOf/oneOf/anyOf branches contribute their properties to one object view. */
function mergedObject(
  schema: Schema,
  root: Schema,
  seen: string[],
): { properties: Record<string, Schema>; required: Set<string> } {
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  const visit = (s: Schema, trail: string[], depth: number) => {
    if (depth > 5) return;
    const r = resolve(s, root, trail);
    for (const [k, v] of Object.entries(asSchema(r.schema.properties) ?? {})) {
      const p = asSchema(v);
      if (p) properties[k] = p;
    }
    if (Array.isArray(r.schema.required)) for (const k of r.schema.required) if (typeof k === 'string') required.add(k);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const branches = r.schema[key];
      if (Array.isArray(branches)) for (const b of branches) if (asSchema(b)) visit(b as Schema, r.seen, depth + 1);
    }
  };
  visit(schema, seen, 0);
  return { properties, required };
}

function typeLabel(schema: Schema, ref: string | undefined): string {
  const t = schema.type;
  let label = Array.isArray(t) ? t.join(' | ') : typeof t === 'string' ? t : '';
  if (!label && asSchema(schema.properties)) label = 'object';
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
  for (const [name, raw] of Object.entries(properties)) {
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
  if (s.type === 'array' || asSchema(s.items)) {
    const items = resolve(asSchema(s.items) ?? {}, root, r.seen);
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
  const root = asSchema(schema);
  if (!root) return [];
  const r = resolve(root, root, []);
  const s = r.schema;
  if (s.type === 'array' || asSchema(s.items)) {
    const items = resolve(asSchema(s.items) ?? {}, root, r.seen);
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
