import { decodePointer, isObject, resolvePointer, resolveRef, type JsonObject } from '@lab/core/json';

/**
 * Builds a value from a schema of a document, preferring the document's own `example`s: the
 * simulator's replies ("the document's example") and the starting point of our default samples.
 * `required` mode fills only required properties; `all` fills every property. `$ref` loops stop
 * at the second visit of a schema on the current branch.
 */
export type SampleMode = 'required' | 'all';

function typeOf(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function fitsPrimitive(type: string | undefined, value: unknown, schema: JsonObject): boolean {
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) return false;
  if (type === 'string') {
    if (typeof value !== 'string') return false;
    if (typeof schema.pattern === 'string') {
      try {
        if (!new RegExp(schema.pattern, 'u').test(value)) return false;
      } catch {
        return true;
      }
    }
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    return true;
  }
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'boolean') return typeof value === 'boolean';
  return value !== undefined && typeof value !== 'object';
}

function stringFor(schema: JsonObject): string {
  switch (schema.format) {
    case 'date':
      return '2024-05-20';
    case 'date-time':
      return '2024-05-20T10:00:00Z';
    case 'email':
      return 'sample@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    case 'uuid':
      return '624deea6-b709-470c-8c39-4b5511281492';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
  const base = 'string'.padEnd(min, 'x');
  return base.slice(0, Math.max(min, Math.min(max, base.length)));
}

/** The value given to a required property the schema does not describe. */
const UNDECLARED = 'string';

export function sampleFromSchema(doc: JsonObject, schema: unknown, mode: SampleMode = 'all'): unknown {
  const walk = (node: unknown, stack: readonly unknown[], extra: readonly string[] = []): unknown => {
    if (!isObject(node)) return undefined;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(doc, node.$ref);
      if (stack.includes(target)) return undefined;
      return walk(target, [...stack, target], extra);
    }
    if (Array.isArray(node.allOf)) {
      const req = [...extra, ...(Array.isArray(node.required) ? (node.required as string[]) : [])];
      const parts = node.allOf.map((s) => walk(s, stack, req));
      if (parts.every((p) => isObject(p) || p === undefined)) {
        const own = isObject(node.properties) ? walk({ ...node, allOf: undefined }, stack, extra) : undefined;
        const merged: JsonObject = Object.assign({}, ...parts, isObject(own) ? own : {});
        for (const name of req) if (!(name in merged)) merged[name] = UNDECLARED;
        return merged;
      }
      return parts.find((p) => p !== undefined);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches) && branches.length > 0) return walk(branches[0], stack, extra);
    }
    const type = typeOf(node);
    if (type === 'object') {
      const out: JsonObject = {};
      const props = isObject(node.properties) ? node.properties : {};
      const required = new Set([...extra, ...(Array.isArray(node.required) ? (node.required as string[]) : [])]);
      for (const [name, prop] of Object.entries(props)) {
        if (mode === 'required' && !required.has(name)) continue;
        const v = walk(prop, stack);
        if (v !== undefined) out[name] = v;
      }
      if (Object.keys(props).length === 0 && isObject(node.example)) return node.example;
      // Required names the schema never describes (the carrier's documents have a few) still need a value.
      if (Array.isArray(node.required))
        for (const name of node.required as string[]) if (!(name in out)) out[name] = UNDECLARED;
      return out;
    }
    if (type === 'array') {
      const item = walk(node.items, stack);
      if (item === undefined) return Array.isArray(node.example) ? node.example : [];
      const count = Math.max(1, typeof node.minItems === 'number' ? node.minItems : 1);
      return Array.from({ length: count }, () => structuredClone(item));
    }
    if (node.example !== undefined && fitsPrimitive(type, node.example, node)) return node.example;
    if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
    if (type === 'string') return stringFor(node);
    if (type === 'integer' || type === 'number') {
      if (typeof node.minimum === 'number') return node.minimum;
      if (typeof node.maximum === 'number' && node.maximum < 1) return node.maximum;
      return 1;
    }
    if (type === 'boolean') return true;
    if (node.example !== undefined) return node.example;
    return undefined;
  };
  return walk(schema, []);
}

type Validate = ((value: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };

/** Removes the value at an Ajv instance path (an array element or an object property); false when it is the root. */
function removeAt(root: unknown, instancePath: string): boolean {
  const keys = decodePointer(instancePath);
  const last = keys?.pop();
  if (last === undefined) return false;
  const parent = resolvePointer(root, keys!);
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (isObject(parent)) delete parent[last];
  else return false;
  return true;
}

/**
 * Makes `value` valid for `validate` by dropping what the validator objects to: the value at each
 * failing path (for a missing required property, the object that misses it), repeated until
 * valid. Returns the removed paths; the value is changed in place. Values that cannot be repaired
 * (the root itself fails) are reported by `ok: false`.
 */
export function repairToSchema(value: unknown, validate: Validate, maxRounds = 50): { ok: boolean; removed: string[] } {
  const removed: string[] = [];
  for (let round = 0; round < maxRounds; round++) {
    if (validate(value)) return { ok: true, removed };
    const paths = [...new Set((validate.errors ?? []).map((e) => e.instancePath))].sort((a, b) => b.length - a.length);
    let changed = false;
    for (const p of paths) {
      if (removeAt(value, p)) {
        removed.push(p);
        changed = true;
      }
    }
    if (!changed) return { ok: false, removed };
  }
  return { ok: validate(value), removed };
}

/** A value built from the schema (every property, the document's examples) then repaired to validate. */
export function conformantSample(doc: JsonObject, schema: unknown, validate: Validate): unknown {
  const value = sampleFromSchema(doc, schema, 'all');
  if (repairToSchema(value, validate).ok) return value;
  const minimal = sampleFromSchema(doc, schema, 'required');
  repairToSchema(minimal, validate);
  return minimal;
}
