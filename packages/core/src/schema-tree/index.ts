/**
 * A JSON Schema (or an OpenAPI 3 schema) flattened into a compact field list for the schema view:
 * pre-order, one entry per property, with `parent`/`end` indexes so a viewer can show any expand
 * level or fold a subtree without walking objects. Local `$ref`s are followed through the given
 * root (`#/components/schemas/X` in an OpenAPI document, `#/$defs/X` in a JSON Schema); a `$ref`
 * to a schema already open on the way down (a recursive schema) becomes a field with `recursive`
 * pointing at the field that shows it (-1 = the root), never expanded again.
 */

import {
  derefSchema,
  isObject,
  mergedProperties,
  nonBlank,
  refName,
  type DerefResult,
  type JsonObject,
} from '../json/index.js';

export interface SchemaField {
  /** Index of the parent field; -1 for a top-level field. */
  parent: number;
  /** 1 for top-level fields. */
  depth: number;
  /** Index just after this field's last descendant (`end === index + 1` = a leaf). */
  end: number;
  name: string;
  /** Dotted path from the root, `[]` after an array: `requestedShipment.requestedPackageLineItems[].weight`. */
  path: string;
  /** `string`, `object`, `array of object`, `integer (int32)`… */
  type: string;
  required: boolean;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  /** The example as JSON text. */
  example?: string;
  /** The default as JSON text. */
  default?: string;
  /** The description as the document writes it (HTML for the carrier's documents). */
  description?: string;
  /** The component name the field's schema comes from. */
  ref?: string;
  /** A recursive schema: the index of the field already showing it (-1 = the root). */
  recursive?: number;
}

export interface SchemaTree {
  /** The root's type (`object`, `array of object`, …). */
  type: string;
  description?: string;
  ref?: string;
  fields: SchemaField[];
}

export interface SchemaTreeOptions {
  /** Stop descending below this depth (a guard for pathological documents). Default 40. */
  maxDepth?: number;
  /** Stop adding fields after this many. Default 50 000. */
  maxFields?: number;
}

function scalarType(s: JsonObject): string {
  const t = s.type;
  let label = Array.isArray(t) ? t.filter((x) => x !== 'null').join(' | ') : typeof t === 'string' ? t : '';
  if (!label && (isObject(s.properties) || s.allOf || s.oneOf || s.anyOf)) label = 'object';
  if (!label && Array.isArray(s.enum)) label = typeof s.enum[0] === 'number' ? 'number' : 'string';
  if (!label) label = 'any';
  if (typeof s.format === 'string' && label !== 'object') label += ` (${s.format})`;
  return label;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function exampleText(s: JsonObject): string | undefined {
  const v = s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined;
  if (v === undefined) return undefined;
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t.length > 2000 ? `${t.slice(0, 2000)}…` : t;
}

/** Flattens `schema` (resolving refs against `root`, the whole document or the schema itself). */
export function buildSchemaTree(schema: unknown, root: unknown = schema, options: SchemaTreeOptions = {}): SchemaTree {
  const maxDepth = options.maxDepth ?? 40;
  const maxFields = options.maxFields ?? 50_000;
  const fields: SchemaField[] = [];
  const top = derefSchema(schema, root, new Map());
  const rootOpen = new Map<string, number>(top.refs.map((r) => [r, -1]));

  /** The object behind a schema: itself, or its items (arrays of arrays included). */
  const unwrapArray = (r: DerefResult, open: Map<string, number>): { inner: DerefResult; type: string } => {
    let cur = r;
    let prefix = '';
    for (let i = 0; i < 5 && !cur.loop && (cur.schema.type === 'array' || isObject(cur.schema.items)); i++) {
      prefix += 'array of ';
      cur = derefSchema(cur.schema.items, root, open);
    }
    const name = cur.loop ? refName(cur.loop) : undefined;
    return { inner: cur, type: prefix + (cur.loop ? `object · ${name}` : scalarType(cur.schema)) };
  };

  const addChildren = (s: JsonObject, parent: number, depth: number, path: string, open: Map<string, number>) => {
    if (depth > maxDepth) return;
    const { properties, required } = mergedProperties(s, root, open);
    for (const [name, raw] of properties) {
      if (fields.length >= maxFields) return;
      const own = derefSchema(raw, root, open);
      const index = fields.length;
      const fieldPath = path ? `${path}.${name}` : name;
      const { inner, type } = unwrapArray(own, open);
      const isArray = inner !== own;
      const s0 = own.schema;
      const si = inner.schema;
      const refs = [...own.refs, ...(isArray ? inner.refs : [])];
      const loop = own.loop ?? inner.loop;
      const field: SchemaField = {
        parent,
        depth,
        end: index + 1,
        name,
        path: fieldPath,
        type,
        required: required.has(name),
      };
      const enumValues = Array.isArray(s0.enum) ? s0.enum : Array.isArray(si.enum) ? si.enum : undefined;
      if (enumValues) field.enum = enumValues.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      const pick = (key: string) => num(s0[key]) ?? num(si[key]);
      const minLength = pick('minLength');
      const maxLength = pick('maxLength');
      const minimum = pick('minimum');
      const maximum = pick('maximum');
      const minItems = num(s0.minItems);
      const maxItems = num(s0.maxItems);
      if (minLength !== undefined) field.minLength = minLength;
      if (maxLength !== undefined) field.maxLength = maxLength;
      if (minimum !== undefined) field.minimum = minimum;
      if (maximum !== undefined) field.maximum = maximum;
      if (minItems !== undefined) field.minItems = minItems;
      if (maxItems !== undefined) field.maxItems = maxItems;
      const pattern = nonBlank(s0.pattern) ?? nonBlank(si.pattern);
      if (pattern) field.pattern = pattern;
      const format = nonBlank(s0.format) ?? nonBlank(si.format);
      if (format) field.format = format;
      const example = exampleText(s0) ?? exampleText(si);
      if (example !== undefined) field.example = example;
      const dflt = s0.default !== undefined ? s0.default : si.default;
      if (dflt !== undefined) field.default = JSON.stringify(dflt);
      const description =
        nonBlank(s0.description) ?? nonBlank(si.description) ?? nonBlank(s0.title) ?? nonBlank(si.title);
      if (description) field.description = description;
      const lastRef = loop ?? refs.at(-1);
      if (lastRef) field.ref = refName(lastRef);
      if (loop) field.recursive = open.get(loop) ?? -1;
      fields.push(field);
      if (!loop) {
        const childOpen = refs.length ? new Map(open) : open;
        for (const r of refs) childOpen.set(r, index);
        addChildren(si, index, depth + 1, isArray ? `${fieldPath}[]` : fieldPath, childOpen);
      }
      field.end = fields.length;
    }
  };

  const { inner, type } = unwrapArray(top, rootOpen);
  for (const r of inner.refs) rootOpen.set(r, -1);
  if (!inner.loop) addChildren(inner.schema, -1, 1, inner === top ? '' : '[]', rootOpen);
  const tree: SchemaTree = { type, fields };
  const description = nonBlank(top.schema.description) ?? nonBlank(top.schema.title);
  if (description) tree.description = description;
  const ref = top.refs.at(-1) ?? inner.refs.at(-1);
  if (ref) tree.ref = refName(ref);
  return tree;
}
