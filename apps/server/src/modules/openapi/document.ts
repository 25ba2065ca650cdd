import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dereference, validate } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { HTTP_METHODS, type NamedSample, type OpenApiOperation } from '@lab/core/contract';
import { isObject, refName, resolveRef, type JsonObject } from '@lab/core/json';
import { ImportError } from '../../imports/registry.js';
import { jsonDepth } from '../../http/json.js';

/** Deepest nesting an imported document may have (the carrier's nest about 30 levels). */
const MAX_DOCUMENT_DEPTH = 1_000;

/** Reading, checking and indexing the carrier's OpenAPI documents (pure functions over the JSON). */

export type { JsonObject };

/** Calls `visit` once for every object (not array) inside `value`, the root included; a shared one once. */
export function forEachObject(value: unknown, visit: (node: JsonObject) => void): void {
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    visit(node as JsonObject);
    for (const v of Object.values(node)) walk(v);
  };
  walk(value);
}

/** Every `$ref` (as written) that does not resolve inside the document, sorted. */
export function findDanglingRefs(doc: unknown): string[] {
  const dangling = new Set<string>();
  forEachObject(doc, ({ $ref }) => {
    if (typeof $ref === 'string' && resolveRef(doc, $ref) === undefined) dangling.add($ref);
  });
  return [...dangling].sort();
}

/**
 * A copy of the document where each `$ref` that points nowhere is an empty schema that says so
 * (`x-unresolved-ref`), so the rest of the document can be validated, dereferenced and compiled.
 * The carrier's own documents have a few (e.g. `ContactVO_1` in the tracking-numbers document).
 */
export function withDanglingRefsPatched<T>(doc: T, dangling: readonly string[]): T {
  if (dangling.length === 0) return doc;
  const missing = new Set(dangling);
  const patch = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(patch);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && missing.has(node.$ref)) {
      return { description: `unresolved $ref ${node.$ref}`, 'x-unresolved-ref': node.$ref };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, patch(v)]));
  };
  return patch(doc) as T;
}

/** A document read from a file, checked and ready to store. */
export interface ParsedDocument {
  name: string;
  api: string;
  resource: string;
  title: string;
  version: string;
  sourceFile: string;
  /** The document as compact JSON text (what is stored and hashed). */
  text: string;
  sha256: string;
  operations: number;
  /** Problems that do not stop the import (dangling `$ref`s). */
  warnings: string[];
}

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'api';

/** `<api>--<Resource>` from the file name, else the api from the title and the resource from the file name. */
export function documentName(sourceFile: string, title: string): { api: string; resource: string; name: string } {
  const stem = path.basename(sourceFile).replace(/\.(json|ya?ml)$/i, '');
  const m = /^(.+?)--(.+)$/.exec(stem);
  const api = m ? m[1]! : slug(title);
  const resource = m ? m[2]! : stem;
  return { api, resource, name: `${api}--${resource}` };
}

export function operationCount(doc: JsonObject): number {
  let n = 0;
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const m of Object.keys(item)) if ((HTTP_METHODS as readonly string[]).includes(m.toUpperCase())) n++;
  }
  return n;
}

const DOCUMENT_EXTENSIONS = /\.(json|ya?ml)$/i;

/** Files named on the command line, with each folder replaced by its .json/.yaml/.yml files (sorted). */
export async function expandDocumentFiles(args: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    let stat;
    try {
      stat = await fs.stat(arg);
    } catch {
      throw new ImportError(`cannot read ${arg}: no such file or folder`);
    }
    if (stat.isDirectory()) {
      const names = (await fs.readdir(arg)).filter((n) => DOCUMENT_EXTENSIONS.test(n)).sort();
      if (names.length === 0) throw new ImportError(`${arg} holds no .json, .yaml or .yml file`);
      files.push(...names.map((n) => path.join(arg, n)));
    } else files.push(arg);
  }
  return files;
}

/** Reads, parses and validates one document; any problem is an ImportError naming the file. */
export async function readOpenApiDocument(file: string): Promise<ParsedDocument> {
  const fail = (problem: string) => new ImportError(`${file}: ${problem}`);
  let bytes: string;
  try {
    bytes = await fs.readFile(file, 'utf8');
  } catch (err) {
    throw fail(`cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  // Every later step walks the document recursively: refuse a nesting that would overflow the stack.
  if (jsonDepth(bytes, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
    throw fail(`nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  }
  let doc: unknown;
  try {
    doc = /\.ya?ml$/i.test(file) ? parseYaml(bytes) : JSON.parse(bytes.replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof RangeError) throw fail(`nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    throw fail(`not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(err as Error).message}`);
  }
  if (!isObject(doc)) throw fail('not an OpenAPI document (the top level is not an object)');
  if (typeof doc.openapi !== 'string' || !/^3\./.test(doc.openapi)) {
    throw fail(`not an OpenAPI 3.x document (openapi: ${JSON.stringify(doc.openapi ?? null)})`);
  }
  const dangling = findDanglingRefs(doc);
  const checked = withDanglingRefsPatched(structuredClone(doc), dangling);
  let result;
  try {
    result = await validate(checked as never, {
      resolve: { external: false },
      validate: { errors: { colorize: false } },
    });
  } catch (err) {
    throw fail((err as Error).message);
  }
  if (!result.valid) {
    const more = result.errors.length - 1 + result.additionalErrors;
    throw fail(`${result.errors[0]?.message ?? 'invalid OpenAPI document'}${more > 0 ? ` (and ${more} more)` : ''}`);
  }
  const info = isObject(doc.info) ? doc.info : {};
  const title = typeof info.title === 'string' ? info.title.trim() : '';
  const version = typeof info.version === 'string' ? info.version : String(info.version ?? '');
  const text = JSON.stringify(doc);
  return {
    ...documentName(file, title),
    title,
    version,
    sourceFile: path.basename(file),
    text,
    sha256: createHash('sha256').update(text).digest('hex'),
    operations: operationCount(doc),
    warnings: dangling.map((ref) => `${path.basename(file)}: $ref ${ref} points nowhere (kept as an empty schema)`),
  };
}

/** A dereferenced copy: every `$ref` replaced by its target, except a `$ref` that would loop, kept as is. */
export async function dereferenceDocument(doc: JsonObject): Promise<JsonObject> {
  const patched = withDanglingRefsPatched(structuredClone(doc), findDanglingRefs(doc));
  return (await dereference(patched as never, {
    resolve: { external: false },
    dereference: { circular: 'ignore' },
  })) as unknown as JsonObject;
}

// ── the operation index ─────────────────────────────────────────────────────────────────────────

const META_KEYS = new Set(['example', 'examples', 'description', 'title']);

/** A branch that only carries an example (matches anything): the carrier's named samples. */
function isExampleOnly(schema: unknown): schema is JsonObject {
  return (
    isObject(schema) &&
    schema.example !== undefined &&
    Object.keys(schema).every((k) => META_KEYS.has(k) || k.startsWith('x-'))
  );
}

/** Splits a request body schema into the full-schema branch and the named samples. */
export function splitRequestSchema(
  doc: JsonObject,
  schema: unknown,
): { full: unknown; fullName: string | null; samples: NamedSample[] } {
  const deref = (s: unknown) => (isObject(s) && typeof s.$ref === 'string' ? resolveRef(doc, s.$ref) : s);
  const top = deref(schema);
  const branches = isObject(top) && Array.isArray(top.oneOf) ? top.oneOf : null;
  if (!branches) {
    const name = isObject(schema) && typeof schema.$ref === 'string' ? refName(schema.$ref) : null;
    return { full: schema ?? null, fullName: name, samples: [] };
  }
  let full: unknown = null;
  let fullName: string | null = null;
  const samples: NamedSample[] = [];
  branches.forEach((branch, i) => {
    const target = deref(branch);
    const name =
      isObject(branch) && typeof branch.$ref === 'string'
        ? refName(branch.$ref)
        : isObject(target) && typeof target.title === 'string'
          ? target.title
          : `sample ${i + 1}`;
    if (isExampleOnly(target)) samples.push({ name, request: target.example });
    else if (full === null) {
      full = branch;
      fullName = name;
    }
  });
  return { full, fullName, samples };
}

function firstContent(content: unknown): [string, JsonObject] | null {
  if (!isObject(content)) return null;
  const entries = Object.entries(content).filter((e): e is [string, JsonObject] => isObject(e[1]));
  return entries.find(([ct]) => ct.includes('json')) ?? entries[0] ?? null;
}

/** The operation index of one document: every method+path with its schemas, example and samples. */
export function indexOperations(name: string, doc: JsonObject): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const [m, raw] of Object.entries(item)) {
      const method = m.toUpperCase() as OpenApiOperation['method'];
      if (!(HTTP_METHODS as readonly string[]).includes(method) || !isObject(raw)) continue;
      const op = raw;
      const body = isObject(op.requestBody) ? op.requestBody : null;
      const content = firstContent(body?.content);
      const split = content ? splitRequestSchema(doc, content[1].schema) : { full: null, fullName: null, samples: [] };
      const fullTarget =
        isObject(split.full) && typeof split.full.$ref === 'string' ? resolveRef(doc, split.full.$ref) : split.full;
      const contentExample = content?.[1].example ?? firstExampleValue(content?.[1].examples);
      const requestExample =
        split.samples[0]?.request ?? (isObject(fullTarget) ? fullTarget.example : undefined) ?? contentExample ?? null;
      const responses: OpenApiOperation['responses'] = {};
      for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const resp = isObject(r) && typeof r.$ref === 'string' ? resolveRef(doc, r.$ref) : r;
        const rc = firstContent(isObject(resp) ? resp.content : undefined);
        responses[status] = { contentType: rc?.[0] ?? null, schema: rc?.[1].schema ?? null };
      }
      out.push({
        document: name,
        method,
        path: p,
        operationId: typeof op.operationId === 'string' ? op.operationId : null,
        summary: typeof op.summary === 'string' ? op.summary : null,
        requestContentType: content?.[0] ?? null,
        requestSchema: split.full,
        responses,
        requestExample,
        samples: split.samples,
      });
    }
  }
  return out;
}

function firstExampleValue(examples: unknown): unknown {
  if (!isObject(examples)) return undefined;
  const first = Object.values(examples)[0];
  return isObject(first) ? first.value : undefined;
}
