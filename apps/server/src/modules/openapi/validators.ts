import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { forEachObject, type JsonObject } from './document.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

const DOC_ID = 'openapi-document';

/** Every `format` value used anywhere in the document. */
function formatsIn(doc: unknown): Set<string> {
  const found = new Set<string>();
  forEachObject(doc, ({ format }) => {
    if (typeof format === 'string') found.add(format);
  });
  return found;
}

/** Rewrites local `$ref`s of a schema taken out of the document so they point into it. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : anchored(v),
    ]),
  );
}

/**
 * Compiles schemas of one document with ajv 8 (+ ajv-formats; `strict: false` for the carrier's
 * extra keywords; formats it does not know, such as `int32` or `date-time-zone`, accepted as
 * no-ops), each compiled once and cached. `$ref`s resolve inside the document.
 */
export class DocumentValidators {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: JsonObject) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, discriminator: false });
    addFormats(this.ajv);
    for (const f of formatsIn(doc)) if (!this.ajv.formats[f]) this.ajv.addFormat(f, true);
    this.ajv.addSchema(doc, DOC_ID);
  }

  /** The validator of a schema of this document (`{$ref: '#/components/…'}` or inline). */
  compile(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(anchored(schema) as object);
      this.cache.set(key, fn);
    }
    return fn;
  }
}

export type { ErrorObject, ValidateFunction };
