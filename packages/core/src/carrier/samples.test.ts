import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, defaultSample, SAMPLE_ENDPOINT_IDS } from './index.js';
import { checkAccountNumber } from '../shipping/index.js';
import { isObject, resolveRef, type JsonObject } from '../json/index.js';
import { documentAjv, inDocument } from '../test/carrierDocuments.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOCS = path.resolve(here, '../../../../../shared/reference/carrier-openapi');

type Json = JsonObject;
const pointer = resolveRef;

/** Dangling `$ref`s (the carrier's documents have a few) become empty schemas. */
function patchDangling(doc: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && pointer(doc, node.$ref) === undefined) return {};
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as Json;
}

/** The full-schema branch of an operation's request body `oneOf` (the branch that is not just an example). */
function fullSchemaValidator(document: string, method: string, opPath: string) {
  const doc = patchDangling(JSON.parse(fs.readFileSync(path.join(DOCS, `${document}.json`), 'utf8')) as Json);
  const op = (doc.paths as Json)[opPath] as Json;
  const operation = op[method.toLowerCase()] as Json;
  const content = (operation.requestBody as Json).content as Json;
  const schema = (Object.values(content)[0] as Json).schema as Json;
  const top = (typeof schema.$ref === 'string' ? pointer(doc, schema.$ref) : schema) as Json;
  const branches = Array.isArray(top.oneOf) ? (top.oneOf as Json[]) : [schema];
  const exampleOnly = (s: Json) => {
    const t = (typeof s.$ref === 'string' ? pointer(doc, s.$ref) : s) as Json;
    return t.example !== undefined && Object.keys(t).every((k) => ['example', 'description', 'title'].includes(k));
  };
  const full = branches.find((b) => !exampleOnly(b))!;
  return documentAjv(doc).compile(inDocument(full));
}

describe('default samples of the endpoint catalogue', () => {
  const enabled = CARRIER_ENDPOINTS.filter((e) => !e.disabled);

  it('has one for every enabled entry and none for disabled ones', () => {
    expect([...SAMPLE_ENDPOINT_IDS].sort()).toEqual(enabled.map((e) => e.id).sort());
  });

  for (const endpoint of enabled.filter((e) => e.operation)) {
    it(`${endpoint.id} validates against ${endpoint.operation!.document} ${endpoint.method} ${endpoint.operation!.path} (full schema)`, () => {
      const validate = fullSchemaValidator(endpoint.operation!.document, endpoint.method, endpoint.operation!.path);
      const ok = validate(defaultSample(endpoint.id));
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    });
  }

  it('would catch a sample the schema rejects (the check is not vacuous)', () => {
    const validate = fullSchemaValidator('ship--Shipment-Resource', 'POST', '/ship/v1/shipments');
    const sample = defaultSample('ship-create') as { requestedShipment: Json };
    delete sample.requestedShipment.shipper;
    sample.requestedShipment.totalWeight = 'heavy';
    expect(validate(sample)).toBe(false);
    expect(validate.errors!.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual([
      '/requestedShipment required',
      '/requestedShipment/totalWeight type',
    ]);
  });

  it('uses an account number that passes the account check rule', () => {
    const sample = defaultSample('account-validate') as { accountNumber: { value: string } };
    expect(checkAccountNumber(sample.accountNumber.value)).toMatchObject({ ok: true, valid: true });
  });

  it('hands out copies', () => {
    const a = defaultSample('ship-create') as Json;
    a.changed = true;
    expect((defaultSample('ship-create') as Json).changed).toBeUndefined();
  });
});
