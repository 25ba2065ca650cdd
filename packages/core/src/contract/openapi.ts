import { z } from 'zod';
import { isCalendarDay } from '../carrier/samples.js';

/**
 * The carrier's OpenAPI documents as we store them (`lab import carrier-openapi`), the list and
 * document routes under /lab/api/openapi-docs, and the endpoint samples route.
 */

/** One stored document, as the list shows it. */
export const openApiDocSummary = z.object({
  id: z.number().int(),
  /** `<api>--<Resource>`: the file stem the catalogue refers to (unique). */
  name: z.string(),
  api: z.string(),
  resource: z.string(),
  title: z.string(),
  version: z.string(),
  sha256: z.string(),
  sourceFile: z.string(),
  importedAt: z.string(),
  operations: z.number().int(),
});
export type OpenApiDocSummary = z.output<typeof openApiDocSummary>;

export const openApiDocsReply = z.object({ documents: z.array(openApiDocSummary) });
export type OpenApiDocsReply = z.output<typeof openApiDocsReply>;

/** `{id}` is the numeric id or the document's name (`ship--Shipment-Resource`). */
export const openApiDocParams = z.object({ id: z.string().min(1).max(200) });

export const openApiDocQuery = z.object({
  /** `1`/`true`: every `$ref` replaced by what it points at, except those that would loop. */
  deref: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** A named request sample of an operation: an example-only branch of its request body's `oneOf`. */
export const namedSample = z.object({ name: z.string(), request: z.unknown() });
export type NamedSample = z.output<typeof namedSample>;

/** What names an operation in its document and says what it does: each operation shape below has it. */
const operationHeading = {
  method: z.enum(HTTP_METHODS),
  path: z.string(),
  operationId: z.string().nullable(),
  summary: z.string().nullable(),
};

/** One operation of a stored document (the operation index). Schemas keep their local `$ref`s. */
export const openApiOperation = z.object({
  document: z.string(),
  ...operationHeading,
  requestContentType: z.string().nullable(),
  /** The full-schema branch of the request body (a `$ref` into the document, or the schema itself). */
  requestSchema: z.unknown().nullable(),
  /** Response schemas by status code (`"200"`, `"400"`, …). */
  responses: z.record(z.string(), z.object({ contentType: z.string().nullable(), schema: z.unknown().nullable() })),
  requestExample: z.unknown().nullable(),
  samples: z.array(namedSample),
});
export type OpenApiOperation = z.output<typeof openApiOperation>;

export const carrierSamplesParams = z.object({ endpoint: z.string().min(1).max(100) });

/**
 * The day the default sample is dated for (YYYY-MM-DD): the playground sends the twin's today (its
 * clock) or the browser's; without it, today in UTC (docs/modules/carrier.md "Ship dates").
 */
export const carrierSamplesQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day: YYYY-MM-DD')
    .refine((d) => isCalendarDay(d), 'not a calendar day')
    .optional(),
});

/** Our own default request for a catalogue entry, and the document's named samples when imported. */
export const carrierSamplesReply = z.object({
  endpoint: z.string(),
  method: z.string(),
  path: z.string(),
  /** The operation's document (`<api>--<Resource>`), null when no published document covers it. */
  document: z.string().nullable(),
  /** True when that document is imported (so `samples` holds its named samples). */
  imported: z.boolean(),
  default: z.unknown(),
  samples: z.array(namedSample),
});
export type CarrierSamplesReply = z.output<typeof carrierSamplesReply>;

/**
 * `POST /lab/api/openapi-docs/validate`: checks a request body against an operation's request
 * schema (the full-schema branch) of an imported document. Name the operation by catalogue
 * endpoint id, or by document + method + path (the path as the document spells it).
 */
export const openApiValidateBody = z
  .object({
    endpoint: z.string().min(1).max(100).optional(),
    document: z.string().min(1).max(200).optional(),
    method: z.enum(HTTP_METHODS).optional(),
    path: z.string().min(1).max(500).optional(),
    body: z.unknown(),
  })
  .refine(
    (b) => b.endpoint !== undefined || (b.document !== undefined && b.method !== undefined && b.path !== undefined),
    {
      message: 'name an endpoint, or a document, method and path',
    },
  );
export type OpenApiValidateBody = z.input<typeof openApiValidateBody>;

/** One schema problem: `path` is the JSON path people read (`requestedShipment.shipper`, `$` for the root). */
export const openApiProblem = z.object({ path: z.string(), code: z.string(), message: z.string() });
export type OpenApiProblem = z.output<typeof openApiProblem>;

export const openApiValidateReply = z.object({
  /** False when the operation's document is not imported (nothing was checked). */
  imported: z.boolean(),
  document: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  valid: z.boolean(),
  problems: z.array(openApiProblem),
  /** Required fields the body omits that the carrier's own samples omit too (the carrier accepts those). */
  lenient: z.array(z.string()),
});
export type OpenApiValidateReply = z.output<typeof openApiValidateReply>;
// ── the doc viewer (/api/fapidoc) ────────────────────────────────────────────────────────────────

/** One operation of a document, as the viewer's operation list shows it. */
export const openApiOperationSummary = z.object({
  ...operationHeading,
  /** How many named samples its request body has. */
  samples: z.number().int(),
});
export type OpenApiOperationSummary = z.output<typeof openApiOperationSummary>;

/** The document as the list names it, and its operations. */
export const openApiOperationsReply = openApiDocSummary
  .pick({ name: true, api: true, resource: true, title: true, version: true })
  .extend({ operations: z.array(openApiOperationSummary) });
export type OpenApiOperationsReply = z.output<typeof openApiOperationsReply>;

/** `?method=POST&path=/ship/v1/shipments`: the operation exactly as the document spells it. */
export const openApiViewQuery = z.object({
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(HTTP_METHODS)),
  path: z.string().min(1).max(1000).startsWith('/'),
});

/** One field of a flattened schema (see `@lab/core/schema-tree`). */
export const schemaField = z.object({
  parent: z.number().int(),
  depth: z.number().int(),
  end: z.number().int(),
  name: z.string(),
  path: z.string(),
  type: z.string(),
  required: z.boolean(),
  enum: z.array(z.string()).optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
  pattern: z.string().optional(),
  format: z.string().optional(),
  example: z.string().optional(),
  default: z.string().optional(),
  description: z.string().optional(),
  ref: z.string().optional(),
  recursive: z.number().int().optional(),
});

export const schemaTree = z.object({
  type: z.string(),
  description: z.string().optional(),
  ref: z.string().optional(),
  fields: z.array(schemaField),
});

/** An operation ready to show: its request and response schemas flattened, and its named samples. */
export const openApiOperationView = z.object({
  document: z.string(),
  ...operationHeading,
  description: z.string().nullable(),
  request: z
    .object({ contentType: z.string().nullable(), schemaName: z.string().nullable(), tree: schemaTree })
    .nullable(),
  responses: z.array(
    z.object({
      status: z.string(),
      description: z.string().nullable(),
      contentType: z.string().nullable(),
      tree: schemaTree.nullable(),
    }),
  ),
  samples: z.array(namedSample),
});
export type OpenApiOperationView = z.output<typeof openApiOperationView>;
// ── releases, what changed between two, where a schema is used ───────────────────────────────────

/** One stored release of a document (every distinct content imported under its name). */
export const openApiRelease = z.object({
  id: z.number().int(),
  /** The `--release` label given at import, else null. */
  label: z.string().nullable(),
  /** The document's `info.version`. */
  version: z.string(),
  sha256: z.string(),
  importedAt: z.string(),
  operations: z.number().int(),
  /** The release the playground, generator and twin use (the newest, or the one pinned in config). */
  current: z.boolean(),
});
export type OpenApiRelease = z.output<typeof openApiRelease>;

export const openApiReleasesReply = z.object({
  name: z.string(),
  /** Newest first. */
  releases: z.array(openApiRelease),
});
export type OpenApiReleasesReply = z.output<typeof openApiReleasesReply>;

/** A release by id, label, `info.version` or sha256 prefix (7+ hex); the newest match wins. */
const releaseRef = z.string().min(1).max(200);

/** `?release=`: an older release's operations or view; absent = the current one. */
export const openApiReleaseQuery = z.object({ release: releaseRef.optional() });

export const openApiDiffQuery = z.object({
  from: releaseRef,
  to: releaseRef,
  /** `1`/`true`: breaking changes only. */
  breaking: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const CHANGE_CLASS_VALUES = ['breaking', 'non-breaking', 'doc-only'] as const;

export const apiChange = z.object({
  operation: z.string(),
  where: z.enum(['operation', 'parameter', 'request', 'response']),
  status: z.string().optional(),
  field: z.string().optional(),
  /** The rule's id (`request.enum-narrowed`…; see `@lab/core/openapi-diff`'s DIFF_RULES). */
  rule: z.string(),
  class: z.enum(CHANGE_CLASS_VALUES),
  before: z.string().optional(),
  after: z.string().optional(),
});

const releaseHeading = openApiRelease.pick({ id: true, label: true, version: true, sha256: true, importedAt: true });

export const openApiDiffReply = z.object({
  name: z.string(),
  from: releaseHeading,
  to: releaseHeading,
  counts: z.object({ breaking: z.number().int(), 'non-breaking': z.number().int(), 'doc-only': z.number().int() }),
  operations: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
  changes: z.array(apiChange),
});
export type OpenApiDiffReply = z.output<typeof openApiDiffReply>;

export const openApiWhereUsedQuery = z.object({
  /** A component schema's name (`#/components/schemas/<schema>`). */
  schema: z.string().min(1).max(300),
  /** A field path inside it (`streetLines`, `address.city`). */
  field: z.string().max(1000).optional(),
  release: releaseRef.optional(),
});

export const openApiWhereUsedReply = z.object({
  schema: z.string(),
  field: z.string().nullable(),
  uses: z.array(
    z.object({
      operation: z.string(),
      where: z.enum(['request', 'response']),
      status: z.string().optional(),
      paths: z.array(z.string()),
    }),
  ),
});
export type OpenApiWhereUsedReply = z.output<typeof openApiWhereUsedReply>;
