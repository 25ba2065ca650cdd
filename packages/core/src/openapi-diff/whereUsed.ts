/**
 * Where a schema (a component) or one of its fields is used: the operations, and in each the
 * direction (request, a response status) and the field paths at which it appears, read from the
 * flattened schemas the doc viewer shows.
 */
import type { JsonObject } from '../json/index.js';
import { buildSchemaTree } from '../schema-tree/index.js';
import { diffOperations, RefGraph } from './operations.js';

export interface SchemaUse {
  operation: string;
  where: 'request' | 'response';
  status?: string;
  /** Dotted paths in that schema where the component (or its field) is; `''` = the body itself. */
  paths: string[];
}

/** Uses of component `schema` (its name under `#/components/schemas`), or of its field `field`. */
export function whereUsed(doc: JsonObject, schema: string, field?: string): SchemaUse[] {
  const ref = `#/components/schemas/${schema.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const graph = new RefGraph(doc);
  const uses: SchemaUse[] = [];
  const join = (base: string) => (field ? (base ? `${base}.${field}` : field) : base);
  const scan = (operation: string, where: 'request' | 'response', status: string | undefined, body: unknown) => {
    if (body === null || body === undefined || !graph.reachableFrom(body).has(ref)) return;
    const tree = buildSchemaTree(body, doc);
    const bases = tree.ref === schema ? [''] : [];
    for (const f of tree.fields) {
      if (f.ref === schema) bases.push(f.type.startsWith('array of') ? `${f.path}[]` : f.path);
    }
    const known = new Set(tree.fields.map((f) => f.path));
    const paths = bases.map(join).filter((p) => !field || known.has(p));
    if (paths.length) uses.push({ operation, where, ...(status === undefined ? {} : { status }), paths });
  };
  for (const op of diffOperations(doc).values()) {
    if (op.request) scan(op.key, 'request', undefined, op.request.schema);
    for (const [status, body] of op.responses) scan(op.key, 'response', status, body);
  }
  return uses;
}
