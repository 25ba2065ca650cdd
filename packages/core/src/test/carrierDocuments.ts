/**
 * Test support of the core tests that check JSON against the carrier's OpenAPI documents (ajv is a
 * dev dependency of core; this folder is left out of the build).
 */
import { Ajv } from 'ajv';
import addFormatsImport from 'ajv-formats';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

/**
 * An ajv holding one of the carrier's OpenAPI documents under the id `doc`, for tests that check JSON
 * against the document independently of the server's own validators: every error reported, the
 * carrier's extra keywords allowed, and the document's own formats that ajv-formats does not define
 * (int32, double, …) accepted as they are. A schema refers into it as `doc#/components/…`.
 */
export function documentAjv(doc: object): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const formats = new Set<string>();
  JSON.stringify(doc, (k, v: unknown) => (k === 'format' && typeof v === 'string' && formats.add(v), v));
  for (const f of formats) if (!ajv.formats[f]) ajv.addFormat(f, true);
  ajv.addSchema(doc, 'doc');
  return ajv;
}

/** A copy of a schema taken out of the document, its local `#/…` refs pointing into `doc`. */
export function inDocument<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#/g, '"$ref":"doc#')) as T;
}
