/**
 * The carrier's documents for a coding agent (MCP): search operations and fields by words, one
 * operation's schema dereferenced and cut to a depth, and each imported document as a resource.
 */
import { z } from 'zod';
import { endpointById } from '@lab/core/carrier';
import { isObject, resolveRef } from '@lab/core/json';
import { defineTool, ToolError, type LabResources, type ToolContext } from '../../mcp/tool.js';
import type { LoadedDocument } from './store.js';
import { operationView } from './view.js';

interface DocHit {
  document: string;
  method: string;
  path: string;
  /** The field's path in the request (`request.`) or a response (`response <status>.`); null for the operation itself. */
  field: string | null;
  description: string;
}

const firstLine = (text: string | null | undefined) => (text ?? '').trim().split('\n')[0]!.trim();

/** Every operation and field of a document with the first line of its description, once per loaded document. */
const entriesOf = (() => {
  const cache = new WeakMap<LoadedDocument, (DocHit & { text: string })[]>();
  return (loaded: LoadedDocument) => {
    let entries = cache.get(loaded);
    if (entries) return entries;
    entries = [];
    for (const op of loaded.operations) {
      const view = operationView(loaded, op.method, op.path);
      if (!view) continue;
      const head = { document: loaded.name, method: op.method, path: op.path };
      const summary = firstLine(view.summary ?? view.description);
      entries.push({
        ...head,
        field: null,
        description: summary,
        text: `${op.path} ${op.operationId ?? ''} ${summary}`,
      });
      const trees = [
        { prefix: 'request', tree: view.request?.tree ?? null },
        ...view.responses.map((r) => ({ prefix: `response ${r.status}`, tree: r.tree })),
      ];
      for (const { prefix, tree } of trees) {
        for (const f of tree?.fields ?? []) {
          const description = firstLine(f.description);
          const field = `${prefix}.${f.path}`;
          entries.push({ ...head, field, description, text: `${f.name} ${f.path} ${description}` });
        }
      }
    }
    cache.set(loaded, entries);
    return entries;
  };
})();

export const MAX_SEARCH_HITS = 200;

const searchInput = z.object({
  words: z.string().trim().min(1).max(200).describe('words to find in operation paths, field names and descriptions'),
  limit: z.number().int().min(1).max(MAX_SEARCH_HITS).default(50),
});
const docHit = z.object({
  document: z.string(),
  method: z.string(),
  path: z.string(),
  field: z.string().nullable(),
  description: z.string(),
});

export const carrierDocsSearch = defineTool({
  name: 'carrier_docs_search',
  description:
    "Search the carrier's imported OpenAPI documents: operations and fields whose path, name or description holds every word; each hit names its document, method, path, field path and the first line of its description.",
  input: searchInput,
  output: z.object({ total: z.number().int(), hits: z.array(docHit) }),
  run: async ({ words, limit }, ctx: ToolContext<'openApi'>) => {
    const { store } = ctx.services.openApi;
    const terms = words.toLowerCase().split(/\s+/);
    const docs = await Promise.all((await store.summaries()).map((s) => store.getDocument(s.name)));
    if (!docs.some(Boolean)) throw new ToolError('no OpenAPI document is imported: lab import carrier-openapi <dir>');
    const hits = docs
      .flatMap((d) => (d ? entriesOf(d) : []))
      .filter((e) => {
        const text = e.text.toLowerCase();
        return terms.every((t) => text.includes(t));
      });
    return {
      structured: { total: hits.length, hits: hits.slice(0, limit).map(({ text: _text, ...hit }) => hit) },
    };
  },
});

/** A schema with its `$ref`s resolved, objects below `depth` levels replaced by `{"$cut": "<ref or type>"}`. */
export function cutSchema(schema: unknown, root: unknown, depth: number, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => cutSchema(s, root, depth, seen));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (seen.includes(ref)) return { $cut: ref, recursive: true };
    return cutSchema(resolveRef(root, ref), root, depth, [...seen, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const nested = key === 'properties' || key === 'items' || key === 'additionalProperties';
    if (nested && depth <= 0) {
      out[key] = { $cut: `deeper than the depth asked (${key})` };
      continue;
    }
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutSchema(v, root, depth - 1, seen)]));
    } else {
      out[key] = cutSchema(value, root, nested ? depth - 1 : depth, seen);
    }
  }
  return out;
}

const schemaInput = z
  .object({
    endpoint: z.string().min(1).max(100).optional().describe('a catalogue id such as ship-create'),
    document: z.string().min(1).max(200).optional(),
    method: z.string().min(1).max(10).optional(),
    path: z.string().min(1).max(500).optional(),
    part: z.enum(['request', 'response']).default('request'),
    status: z.string().max(3).default('200').describe('the response status, for part=response'),
    depth: z.number().int().min(0).max(20).default(3).describe('levels of properties kept'),
  })
  .refine((b) => b.endpoint !== undefined || (b.document && b.method && b.path), {
    message: 'name an endpoint, or a document, method and path',
  });

export const carrierDocsSchema = defineTool({
  name: 'carrier_docs_schema',
  description:
    "One operation's request schema, or one of its response schemas, from the carrier's imported OpenAPI documents: dereferenced, cut to a depth.",
  input: schemaInput,
  output: z.object({
    document: z.string(),
    method: z.string(),
    path: z.string(),
    part: z.string(),
    contentType: z.string().nullable(),
    schema: z.unknown(),
  }),
  run: async (args, ctx: ToolContext<'openApi'>) => {
    let ref = { document: args.document ?? '', method: (args.method ?? '').toUpperCase(), path: args.path ?? '' };
    if (args.endpoint !== undefined) {
      const endpoint = endpointById(args.endpoint);
      if (!endpoint) throw new ToolError(`no carrier endpoint ${args.endpoint}`);
      if (!endpoint.operation) throw new ToolError(`no published document covers ${args.endpoint}`);
      ref = endpoint.operation;
    }
    const found = await ctx.services.openApi.store.getOperation(ref.document, ref.method, ref.path);
    if (!found) {
      throw new ToolError(
        `no operation ${ref.method} ${ref.path} in ${ref.document}: import it with lab import carrier-openapi`,
      );
    }
    const { operation, document } = found;
    const response = args.part === 'response' ? operation.responses[args.status] : undefined;
    if (args.part === 'response' && !response) {
      throw new ToolError(`${operation.method} ${operation.path} has no ${args.status} response`);
    }
    const schema = args.part === 'request' ? operation.requestSchema : response!.schema;
    return {
      structured: {
        document: document.name,
        method: operation.method,
        path: operation.path,
        part: args.part === 'request' ? 'request' : `response ${args.status}`,
        contentType: args.part === 'request' ? operation.requestContentType : response!.contentType,
        schema: cutSchema(schema, document.document, args.depth),
      },
    };
  },
});

/** The imported documents, one resource each (named with their release label). */
export const carrierDocResources: LabResources<'openApi'> = {
  name: 'carrier-docs',
  template: 'lab://carrier-docs/{name}',
  description:
    "The carrier's imported OpenAPI documents (as imported), one per resource, named with their release label",
  mimeType: 'application/json',
  list: async (ctx) =>
    (await ctx.services.openApi.store.summaries()).map((d) => ({
      uri: `lab://carrier-docs/${encodeURIComponent(d.name)}`,
      name: d.name,
      title: `${d.title} (release ${d.version})`,
      description: `${d.api} ${d.resource}, release ${d.version}, ${d.operations} operations, imported ${d.importedAt}`,
    })),
  read: async (ctx, uri) => {
    const name = decodeURIComponent(uri.replace(/^lab:\/\/carrier-docs\//, ''));
    return (await ctx.services.openApi.store.row(name))?.text;
  },
};
