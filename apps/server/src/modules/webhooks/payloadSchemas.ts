import fs from 'node:fs';
import { decodeRef, encodeRef, isObject, mapRefs } from '@lab/core/json';

export type JsonSchema = Record<string, unknown>;

/** The name of the envelope schema in the map. */
export const ENVELOPE_SCHEMA_NAME = 'ShipmentVisibilityWebhook';

/**
 * The part of a shipment-visibility webhook delivery this receiver reads: the list shows
 * outputMetaData[0].transactionId and .timestamp. Everything else passes through as stored.
 */
export const envelopeSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: ENVELOPE_SCHEMA_NAME,
  description:
    'A shipment-visibility webhook delivery as this receiver reads it. The request body is signed: the x-fedex-signature header carries HMAC-SHA256 (hex) of the raw body keyed by the security token.',
  type: 'object',
  properties: {
    outputMetaData: {
      type: 'array',
      description: 'Metadata of the delivery; the first entry identifies it.',
      items: {
        type: 'object',
        properties: {
          transactionId: { type: 'string', description: 'The webhook transaction id, unique per delivery.' },
          timestamp: { type: 'string', description: 'When the carrier produced the event (ISO-8601).' },
        },
      },
    },
    output: {
      type: 'object',
      description: 'The tracking event details, shaped like the tracking API response output.',
    },
  },
  additionalProperties: true,
};

/** The component name of an OpenAPI component ref (`#/components/schemas/X` → `X`), else undefined. */
function componentName(ref: string): string | undefined {
  const path = decodeRef(ref);
  return path?.length === 3 && path[0] === 'components' && path[1] === 'schemas' ? path[2] : undefined;
}

/** Rewrites OpenAPI component refs to `#/$defs/…` and collects the names it met. */
function rewriteRefs(node: unknown, seen: Set<string>): unknown {
  return mapRefs(node, (ref) => {
    const name = componentName(ref);
    if (name === undefined) return undefined;
    seen.add(name);
    return encodeRef(['$defs', name]);
  });
}

/**
 * Each component schema of an OpenAPI 3.0 document as a self-contained JSON Schema: refs point
 * into `$defs`, which holds every schema the root reaches.
 */
export function schemasFromOpenApi(doc: unknown): Record<string, JsonSchema> {
  const components = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  if (!isObject(components)) throw new Error('the OpenAPI document has no components.schemas');
  const rewritten = new Map<string, { schema: JsonSchema; refs: Set<string> }>();
  for (const [name, schema] of Object.entries(components)) {
    const refs = new Set<string>();
    rewritten.set(name, { schema: rewriteRefs(schema, refs) as JsonSchema, refs });
  }
  const result: Record<string, JsonSchema> = {};
  for (const [name, { schema, refs }] of rewritten) {
    const defs: Record<string, JsonSchema> = {};
    const queue = [...refs];
    while (queue.length) {
      const ref = queue.pop()!;
      if (ref in defs) continue;
      const target = rewritten.get(ref);
      if (!target) {
        // Published documents do hold dangling refs (e.g. ContactVO_1); keep the map resolvable.
        defs[ref] = { description: `${ref} is referenced but not defined in the source document` };
        continue;
      }
      defs[ref] = target.schema;
      queue.push(...target.refs);
    }
    result[name] = Object.keys(defs).length ? { ...schema, $defs: defs } : schema;
  }
  return result;
}

/** The map GET /webhooks/schemas serves: the envelope first, then the configured document's schemas. */
export function loadWebhookSchemas(openapiFile: string | undefined): Record<string, JsonSchema> {
  const map: Record<string, JsonSchema> = { [ENVELOPE_SCHEMA_NAME]: envelopeSchema };
  if (!openapiFile) return map;
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(openapiFile, 'utf8'));
  } catch (err) {
    throw new Error(`WEBHOOK_SCHEMA_OPENAPI_FILE: cannot read ${openapiFile}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return { ...map, ...schemasFromOpenApi(doc) };
}
