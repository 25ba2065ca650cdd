import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiOperationView, type OpenApiDocsReply } from '@lab/core/contract';
import { servicesOf } from '../../app.js';
import { referenceDir } from '../../paths.js';
import { buildTestApp, runLab, dialectsFor, type TestApp } from '../../test/helpers.js';

const DOCS = path.join(referenceDir, 'carrier-openapi');

/** A small document whose `Node` schema refers to itself (a cycle) and to a missing schema. */
function cyclicDoc(version: string): string {
  return [
    'openapi: 3.0.0',
    'info:',
    '  title: Cycle Test',
    `  version: "${version}"`,
    'paths:',
    '  /tree/v1/nodes:',
    '    post:',
    '      operationId: createNode',
    '      summary: Create a node',
    '      requestBody:',
    '        content:',
    '          application/json:',
    '            schema:',
    '              $ref: "#/components/schemas/Node"',
    '      responses:',
    '        "200":',
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    '                $ref: "#/components/schemas/Node"',
    'components:',
    '  schemas:',
    '    Node:',
    '      type: object',
    '      properties:',
    '        name:',
    '          type: string',
    '        children:',
    '          type: array',
    '          items:',
    '            $ref: "#/components/schemas/Node"',
    '',
  ].join('\n');
}

// Dialect-sensitive: the store's SQL and the CLI import.
describe.each(dialectsFor('dialect-sensitive'))('OpenAPI document store (%s)', (dialect) => {
  let t: TestApp;
  let tmp: string;
  const lab = (...args: string[]) => runLab(args, { database: t.config.database });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs' })).json<OpenApiDocsReply>();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { openApiRecheckMs: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-openapi-'));
    const run = await lab('import', 'carrier-openapi', DOCS);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out[0]!.split('\n')).toEqual([
      'carrier-openapi: 24 documents: 24 added, 0 new releases, 0 unchanged',
      'warning: track--TrackingNumbers-Resource.json: $ref #/components/schemas/ContactVO_1 points nowhere (kept as an empty schema)',
    ]);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the 24 documents with api, resource, title, version, hash, file and operation count', async () => {
    const { documents } = await list();
    expect(documents).toHaveLength(24);
    const ship = documents.find((d) => d.name === 'ship--Shipment-Resource')!;
    expect(ship).toMatchObject({
      api: 'ship',
      resource: 'Shipment-Resource',
      title: 'Ship API',
      version: '1.0.0',
      sourceFile: 'ship--Shipment-Resource.json',
      operations: 4,
    });
    expect(ship.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(documents.reduce((n, d) => n + d.operations, 0)).toBe(61);
  });

  it('re-importing the same content changes nothing', async () => {
    const before = await list();
    const run = await lab('import', 'carrier-openapi', DOCS);
    expect(run.code).toBe(0);
    expect(run.out[0]!.split('\n')[0]).toBe('carrier-openapi: 24 documents: 0 added, 0 new releases, 24 unchanged');
    expect(await list()).toEqual(before);
  }, 120_000);

  it('answers 304 to a matching If-None-Match, on the list and on a document', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"list-[0-9a-f]{32}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/lab/api/openapi-docs',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const doc = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs/ship--Shipment-Resource' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().info.title).toBe('Ship API');
    const docTag = doc.headers.etag as string;
    const id = (await list()).documents.find((d) => d.name === 'ship--Shipment-Resource')!.id;
    const byId = await t.app.inject({
      method: 'GET',
      url: `/lab/api/openapi-docs/${id}`,
      headers: { 'if-none-match': docTag },
    });
    expect(byId.statusCode).toBe(304);
    const deref = await t.app.inject({
      method: 'GET',
      url: `/lab/api/openapi-docs/${id}?deref=1`,
      headers: { 'if-none-match': docTag },
    });
    expect(deref.statusCode).toBe(200);
    expect(deref.headers.etag).toBe(docTag.replace(/"$/, '-deref"'));
    expect(deref.body).not.toContain('"$ref"');
    const body = deref.json();
    const full = body.paths['/ship/v1/shipments'].post.requestBody.content['application/json'].schema.oneOf[0];
    expect(full.required).toEqual(['accountNumber', 'labelResponseOptions', 'requestedShipment']);
    expect(full.properties.requestedShipment.type).toBe('object');
  });

  it('answers 404 for a document that is not imported', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs/nope--Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'no OpenAPI document nope--Nothing: import it with lab import carrier-openapi',
    });
  });

  it('imports YAML, keeps cycles as $refs when dereferencing, and replaces a changed document', async () => {
    const file = path.join(tmp, 'tree--Node-Resource.yaml');
    fs.writeFileSync(file, cyclicDoc('1.0'));
    const run = await lab('import', 'carrier-openapi', file);
    expect(run.out[0]).toBe('carrier-openapi: 1 document: 1 added, 0 new releases, 0 unchanged');
    const added = (await list()).documents.find((d) => d.name === 'tree--Node-Resource')!;
    expect(added).toMatchObject({ api: 'tree', resource: 'Node-Resource', title: 'Cycle Test', version: '1.0' });

    const deref = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs/tree--Node-Resource?deref=1' });
    // A schema on a cycle stays a reference wherever it is used; its definition is expanded up to the loop.
    const body = deref.json();
    expect(body.paths['/tree/v1/nodes'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Node',
    });
    expect(body.components.schemas.Node.properties).toEqual({
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
    });

    const listTag = (await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs' })).headers.etag;
    fs.writeFileSync(file, cyclicDoc('2.0'));
    const replaced = await lab('import', 'carrier-openapi', file);
    expect(replaced.out[0]).toBe('carrier-openapi: 1 document: 0 added, 1 new release, 0 unchanged');
    const now = (await list()).documents.find((d) => d.name === 'tree--Node-Resource')!;
    expect(now.id).toBe(added.id);
    expect(now.version).toBe('2.0');
    expect(now.sha256).not.toBe(added.sha256);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/lab/api/openapi-docs',
      headers: { 'if-none-match': listTag as string },
    });
    expect(stale.statusCode).toBe(200);
    const op = await servicesOf(t.app).openApi.store.getOperation('tree--Node-Resource', 'post', '/tree/v1/nodes');
    expect(op?.operation).toMatchObject({ operationId: 'createNode', summary: 'Create a node', samples: [] });
  });

  it('refuses a folder with one broken document (exit 2, names the file and the problem) and writes nothing', async () => {
    const dir = path.join(tmp, 'broken');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'a--Good-Resource.yaml'), cyclicDoc('3.0'));
    fs.writeFileSync(
      path.join(dir, 'b--Bad-Resource.json'),
      JSON.stringify({ openapi: '3.0.0', info: { title: 'Bad' }, paths: {} }),
    );
    const before = await list();
    const run = await lab('import', 'carrier-openapi', dir);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain(`${path.join(dir, 'b--Bad-Resource.json')}: `);
    expect(run.err.join('\n')).toMatch(/version/);
    expect(await list()).toEqual(before);

    fs.writeFileSync(path.join(dir, 'b--Bad-Resource.json'), '{"openapi": "3.0.0",');
    const notJson = await lab('import', 'carrier-openapi', dir);
    expect(notJson.code).toBe(2);
    expect(notJson.err[0]).toMatch(/b--Bad-Resource\.json: not valid JSON/);

    fs.writeFileSync(path.join(dir, 'b--Bad-Resource.json'), JSON.stringify({ swagger: '2.0', info: {}, paths: {} }));
    const swagger = await lab('import', 'carrier-openapi', dir);
    expect(swagger.code).toBe(2);
    expect(swagger.err[0]).toBe(
      `lab: ${path.join(dir, 'b--Bad-Resource.json')}: not an OpenAPI 3.x document (openapi: null)`,
    );
    const missing = await lab('import', 'carrier-openapi', path.join(tmp, 'nothing-here'));
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toBe(`lab: cannot read ${path.join(tmp, 'nothing-here')}: no such file or folder`);
    expect(await list()).toEqual(before);
    // Datasets of rows still take exactly one file.
    const two = await lab(
      'import',
      'etd-eci',
      '--dataset',
      'x',
      path.join(dir, 'a--Good-Resource.yaml'),
      path.join(dir, 'x.csv'),
    );
    expect(two.code).toBe(2);
    expect(two.err).toEqual(['lab: etd-eci takes one file, not 2']);
  });

  it('indexes operations: full-schema branch, named samples, responses per status, example', async () => {
    const store = servicesOf(t.app).openApi.store;
    const found = await store.getOperation('ship--Shipment-Resource', 'POST', '/ship/v1/shipments');
    const op = found!.operation;
    expect(op.operationId).toBe('Create Shipment');
    expect(op.requestSchema).toEqual({ $ref: '#/components/schemas/Full_Schema_Ship' });
    expect(op.samples).toHaveLength(35);
    expect(op.samples[0]!.name).toBe('MinimumSamplePayload-ShipShipment');
    expect(op.requestExample).toEqual(op.samples[0]!.request);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '404', '500', '503']);
    expect(op.responses['200']).toEqual({
      contentType: 'application/json',
      schema: { $ref: '#/components/schemas/SHPCResponseVO_ShipShipment' },
    });
    const plain = await store.getOperation(
      'address-validation--Addresses-Resource',
      'POST',
      '/address/v1/addresses/resolve',
    );
    // A body that is a `$ref` to a `oneOf` is split the same way.
    expect(plain!.operation.requestSchema).toEqual({ $ref: '#/components/schemas/Full_Schema_Validate_Address' });
    expect(plain!.operation.samples.map((x) => x.name)).toContain('Address_Validation_Canada');
    const tag = await store.operationAt('put', '/ship/v1/shipments/tag/cancel/794953555571');
    expect(tag).toMatchObject({ document: 'ship--Tag-Resource', path: '/ship/v1/shipments/tag/cancel/{shipmentid}' });
    expect(await store.operationAt('GET', '/ship/v1/shipments')).toBeUndefined();
    const all = await store.listOperations();
    expect(all.length).toBe(62);
    expect(all.filter((o) => o.document === 'ship--Shipment-Resource').map((o) => `${o.method} ${o.path}`)).toEqual([
      'POST /ship/v1/shipments',
      'PUT /ship/v1/shipments/cancel',
      'POST /ship/v1/shipments/results',
      'POST /ship/v1/shipments/packages/validate',
    ]);
  });

  it('serves our default sample and the document named samples for a catalogue endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lab/api/carrier/samples/ship-create' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      endpoint: 'ship-create',
      method: 'POST',
      path: '/ship/v1/shipments',
      document: 'ship--Shipment-Resource',
      imported: true,
    });
    expect(body.default.requestedShipment.shipper.address.city).toBe('Memphis');
    expect(body.samples).toHaveLength(35);
    const account = await t.app.inject({ method: 'GET', url: '/lab/api/carrier/samples/account-validate' });
    expect(account.json()).toMatchObject({ document: null, imported: false, samples: [] });
    const unknown = await t.app.inject({ method: 'GET', url: '/lab/api/carrier/samples/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'no carrier endpoint nope' });
  });

  it('dates the default sample for the day asked (the twin clock), else today in UTC; a day that is not one is a 400', async () => {
    const sample = async (query: string) =>
      t.app.inject({ method: 'GET', url: `/lab/api/carrier/samples/ship-create${query}` });
    const asked = (await sample('?day=2026-11-28')).json();
    expect(asked.default.requestedShipment.shipDatestamp).toBe('2026-11-28');
    const pickup = (
      await t.app.inject({ method: 'GET', url: '/lab/api/carrier/samples/pickup-create?day=2026-11-28' })
    ).json();
    // A Saturday: the driver comes on Monday.
    expect(pickup.default.originDetail.readyDateTimestamp).toBe('2026-11-30T11:00:00Z');
    const utcDay = () => new Date().toISOString().slice(0, 10);
    const before = utcDay();
    const unasked = (await sample('')).json().default.requestedShipment.shipDatestamp;
    expect([before, utcDay()]).toContain(unasked);
    for (const bad of ['2026-02-30', 'today', '2026-1-5']) expect((await sample(`?day=${bad}`)).statusCode).toBe(400);
  });

  it('checks a body against an operation request schema (POST /openapi-docs/validate)', async () => {
    const validate = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/lab/api/openapi-docs/validate', payload: payload as object });
    const sample = (await t.app.inject({ method: 'GET', url: '/lab/api/carrier/samples/ship-create' })).json();

    const ok = await validate({ endpoint: 'ship-create', body: sample.default });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      imported: true,
      document: 'ship--Shipment-Resource',
      method: 'POST',
      path: '/ship/v1/shipments',
      valid: true,
      problems: [],
    });

    const broken = structuredClone(sample.default);
    delete broken.requestedShipment.shipper;
    broken.requestedShipment.pickupType = 'NOT_A_PICKUP_TYPE';
    const bad = (await validate({ endpoint: 'ship-create', body: broken })).json();
    expect(bad.valid).toBe(false);
    expect(bad.problems).toContainEqual({
      path: 'requestedShipment.shipper',
      code: 'FIELD.REQUIRED',
      message: 'requestedShipment.shipper is required.',
    });
    expect(bad.problems.map((p: { path: string }) => p.path)).toContain('requestedShipment.pickupType');

    // By document, method and path; the path template as the document spells it.
    const byOp = await validate({
      document: 'ship--Tag-Resource',
      method: 'PUT',
      path: '/ship/v1/shipments/tag/cancel/{shipmentid}',
      body: 'not an object',
    });
    expect(byOp.json()).toMatchObject({
      imported: true,
      valid: false,
      problems: [{ path: '$', code: 'INVALID.FIELD.TYPE' }],
    });

    // An endpoint no published document covers: nothing to check.
    expect((await validate({ endpoint: 'account-validate', body: {} })).json()).toEqual({
      imported: false,
      document: null,
      method: null,
      path: null,
      valid: true,
      problems: [],
      lenient: [],
    });
    const unknown = await validate({ endpoint: 'nope', body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'no carrier endpoint nope' });
    const noOp = await validate({ document: 'ship--Tag-Resource', method: 'GET', path: '/nowhere', body: {} });
    expect(noOp.statusCode).toBe(404);
    expect(noOp.json()).toEqual({ message: 'no operation GET /nowhere in ship--Tag-Resource' });
    const unnamed = await validate({ body: {} });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toContain('name an endpoint, or a document, method and path');
  });

  it('serves the doc viewer: operations, and one operation flattened into field lists (cached, ETag)', async () => {
    const ops = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs/ship--Shipment-Resource/operations' });
    expect(ops.statusCode).toBe(200);
    expect(ops.json()).toMatchObject({ name: 'ship--Shipment-Resource', api: 'ship', resource: 'Shipment-Resource' });
    expect(ops.json().operations[0]).toEqual({
      method: 'POST',
      path: '/ship/v1/shipments',
      operationId: 'Create Shipment',
      summary: 'Create Shipment',
      samples: 35,
    });
    const url = '/lab/api/openapi-docs/ship--Shipment-Resource/view?method=post&path=/ship/v1/shipments';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const view = openApiOperationView.parse(res.json());
    expect(view.request?.schemaName).toBe('Full_Schema_Ship');
    const postal = view.request!.tree.fields.find((f) => f.path === 'requestedShipment.shipper.address.postalCode');
    expect(postal).toMatchObject({ name: 'postalCode', type: 'string', depth: 4, required: false });
    const shipper = view.request!.tree.fields.find((f) => f.path === 'requestedShipment.shipper')!;
    expect(shipper.required).toBe(true);
    expect(view.request!.tree.fields[postal!.parent]!.path).toBe('requestedShipment.shipper.address');
    expect(view.responses.map((r) => r.status)).toEqual(['200', '400', '401', '403', '404', '500', '503']);
    expect(view.samples).toHaveLength(35);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const file = path.join(tmp, 'loop--Node-Resource.yaml');
    fs.writeFileSync(file, cyclicDoc('3.0'));
    await lab('import', 'carrier-openapi', file);
    const loop = await t.app.inject({
      method: 'GET',
      url: '/lab/api/openapi-docs/loop--Node-Resource/view?method=POST&path=/tree/v1/nodes',
    });
    expect(loop.json().request.tree.fields).toEqual([
      { parent: -1, depth: 1, end: 1, name: 'name', path: 'name', type: 'string', required: false },
      {
        parent: -1,
        depth: 1,
        end: 2,
        name: 'children',
        path: 'children',
        type: 'array of object · Node',
        required: false,
        ref: 'Node',
        recursive: -1,
      },
    ]);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/lab/api/openapi-docs/ship--Shipment-Resource/view?method=GET&path=/nope',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'ship--Shipment-Resource has no operation GET /nope' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/lab/api/openapi-docs/ship--Shipment-Resource/view?method=TRACE',
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
    const none = await t.app.inject({ method: 'GET', url: '/lab/api/openapi-docs/nothing/operations' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'no OpenAPI document nothing: import it with lab import carrier-openapi' });
  });
});
