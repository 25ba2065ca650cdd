import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json/index.js';
import { diffDocuments, type ApiChange } from './compare.js';
import { diffMarkdown } from './markdown.js';
import { CHANGE_CLASSES, DIFF_RULES, type DiffRule } from './rules.js';
import { whereUsed } from './whereUsed.js';

/** A small document in the carrier's style: one ship operation using shared components. */
function base(): JsonObject {
  return {
    openapi: '3.0.0',
    info: { title: 'Ship', version: '1.0' },
    paths: {
      '/ship/v1/shipments': {
        post: {
          summary: 'Create Shipment',
          parameters: [
            { name: 'x-locale', in: 'header', required: false, schema: { type: 'string' } },
            { $ref: '#/components/parameters/customer' },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ShipRequest' } } },
          },
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ShipReply' } } },
            },
            '400': { description: 'Bad' },
          },
        },
      },
      '/ship/v1/shipments/cancel': {
        put: { summary: 'Cancel', responses: { '200': { description: 'OK' } } },
      },
    },
    components: {
      parameters: { customer: { name: 'x-customer-transaction-id', in: 'header', schema: { type: 'string' } } },
      schemas: {
        Address: {
          type: 'object',
          required: ['countryCode'],
          properties: {
            streetLines: { type: 'array', items: { type: 'string', maxLength: 35 } },
            city: { type: 'string', maxLength: 35, description: 'The city.' },
            countryCode: { type: 'string', minLength: 2, maxLength: 2 },
            residential: { type: 'boolean', default: false },
          },
        },
        ShipRequest: {
          type: 'object',
          required: ['accountNumber', 'shipper'],
          properties: {
            accountNumber: { type: 'string', pattern: '^[0-9]{9}$' },
            shipper: { $ref: '#/components/schemas/Address' },
            recipient: { $ref: '#/components/schemas/Address' },
            serviceType: { type: 'string', enum: ['FEDEX_GROUND', 'PRIORITY_OVERNIGHT'] },
            labelFormat: { type: 'string', enum: ['PDF', 'ZPLII'], default: 'PDF' },
            weight: { type: 'number', format: 'double', minimum: 0, maximum: 150, example: 1.5 },
          },
        },
        ShipReply: {
          type: 'object',
          required: ['trackingNumber', 'status'],
          properties: {
            trackingNumber: { type: 'string', maxLength: 34 },
            status: { type: 'string', enum: ['CREATED', 'FAILED'] },
            shipDate: { type: 'string', format: 'date' },
            recipient: { $ref: '#/components/schemas/Address' },
          },
        },
      },
    },
  };
}

type Edit = (d: any) => void;
const S = (d: any) => d.components.schemas;
const POST = (d: any) => d.paths['/ship/v1/shipments'].post;

/**
 * Every change kind: an edit of the base document and the one change (rule, class, place) it must
 * give; `true` fourth = the edit makes the *older* release (the base is the newer).
 */
const cases: [string, Edit, Partial<ApiChange> & { rule: DiffRule }, boolean?][] = [
  [
    'operation added',
    (d) => (d.paths['/ship/v1/endofday'] = { put: { responses: { '200': { description: 'OK' } } } }),
    { operation: 'PUT /ship/v1/endofday', rule: 'operation.added' },
  ],
  [
    'operation removed',
    (d) => delete d.paths['/ship/v1/shipments/cancel'],
    { operation: 'PUT /ship/v1/shipments/cancel', rule: 'operation.removed' },
  ],
  [
    'summary changed',
    (d) => (POST(d).summary = 'Create a shipment'),
    { rule: 'doc.summary-changed', before: 'Create Shipment', after: 'Create a shipment' },
  ],
  [
    'required parameter added',
    (d) => POST(d).parameters.push({ name: 'x-account', in: 'header', required: true, schema: { type: 'string' } }),
    { rule: 'parameter.required-added', field: 'header:x-account' },
  ],
  [
    'optional parameter added',
    (d) => POST(d).parameters.push({ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }),
    { rule: 'parameter.optional-added', field: 'query:dryRun' },
  ],
  ['parameter removed', (d) => POST(d).parameters.shift(), { rule: 'parameter.removed', field: 'header:x-locale' }],
  [
    'parameter made required (through its $ref)',
    (d) => (d.components.parameters.customer.required = true),
    { rule: 'parameter.made-required', field: 'header:x-customer-transaction-id' },
  ],
  [
    'parameter made optional',
    (d) => (d.paths['/ship/v1/shipments'].post.parameters[0].required = true),
    { rule: 'parameter.made-optional', field: 'header:x-locale' },
    true,
  ],
  [
    'parameter type changed',
    (d) => (POST(d).parameters[0].schema = { type: 'integer' }),
    { rule: 'parameter.type-changed', before: 'string', after: 'integer' },
  ],
  ['request body removed', (d) => delete POST(d).requestBody, { rule: 'request-body.removed', where: 'request' }],
  [
    'required request field added',
    (d) => {
      S(d).ShipRequest.properties.pickupType = { type: 'string' };
      S(d).ShipRequest.required.push('pickupType');
    },
    { rule: 'request.required-field-added', field: 'pickupType' },
  ],
  [
    'optional request field added',
    (d) => (S(d).ShipRequest.properties.note = { type: 'string' }),
    { rule: 'request.optional-field-added', field: 'note' },
  ],
  [
    'request field removed',
    (d) => delete S(d).ShipRequest.properties.labelFormat,
    { rule: 'request.field-removed', field: 'labelFormat' },
  ],
  [
    'request field made required',
    (d) => S(d).ShipRequest.required.push('serviceType'),
    { rule: 'request.made-required', field: 'serviceType' },
  ],
  [
    'request field made optional',
    (d) => (S(d).ShipRequest.required = ['shipper']),
    { rule: 'request.made-optional', field: 'accountNumber' },
  ],
  [
    'request type changed',
    (d) => (S(d).ShipRequest.properties.accountNumber = { type: 'integer', pattern: '^[0-9]{9}$' }),
    { rule: 'request.type-changed', before: 'string', after: 'integer' },
  ],
  [
    'request format changed',
    (d) => (S(d).ShipRequest.properties.weight.format = 'float'),
    { rule: 'request.format-changed', field: 'weight', before: 'double', after: 'float' },
  ],
  [
    'request enum narrowed',
    (d) => (S(d).ShipRequest.properties.serviceType.enum = ['FEDEX_GROUND']),
    {
      rule: 'request.enum-narrowed',
      field: 'serviceType',
      before: 'FEDEX_GROUND, PRIORITY_OVERNIGHT',
      after: 'FEDEX_GROUND',
    },
  ],
  [
    'request enum widened',
    (d) => S(d).ShipRequest.properties.serviceType.enum.push('SMART_POST'),
    { rule: 'request.enum-widened', field: 'serviceType' },
  ],
  [
    'request limit narrowed',
    (d) => (S(d).ShipRequest.properties.weight.maximum = 68),
    { rule: 'request.limit-narrowed', field: 'weight', before: 'maximum 150', after: 'maximum 68' },
  ],
  [
    'request limit widened',
    (d) => delete S(d).ShipRequest.properties.weight.maximum,
    { rule: 'request.limit-widened', field: 'weight', before: 'maximum 150', after: 'maximum —' },
  ],
  [
    'request pattern changed',
    (d) => (S(d).ShipRequest.properties.accountNumber.pattern = '^[0-9]{9,12}$'),
    { rule: 'request.pattern-changed', field: 'accountNumber' },
  ],
  [
    'request default changed',
    (d) => (S(d).ShipRequest.properties.labelFormat.default = 'ZPLII'),
    { rule: 'request.default-changed', field: 'labelFormat', before: '"PDF"', after: '"ZPLII"' },
  ],
  [
    'response field added',
    (d) => (S(d).ShipReply.properties.alerts = { type: 'array', items: { type: 'string' } }),
    { rule: 'response.field-added', status: '200', field: 'alerts' },
  ],
  [
    'response field removed',
    (d) => delete S(d).ShipReply.properties.shipDate,
    { rule: 'response.field-removed', status: '200', field: 'shipDate' },
  ],
  [
    'response field made optional',
    (d) => (S(d).ShipReply.required = ['trackingNumber']),
    { rule: 'response.made-optional', field: 'status' },
  ],
  [
    'response field made required',
    (d) => S(d).ShipReply.required.push('shipDate'),
    { rule: 'response.made-required', field: 'shipDate' },
  ],
  [
    'response type changed',
    (d) => (S(d).ShipReply.properties.trackingNumber = { type: 'integer', maxLength: 34 }),
    { rule: 'response.type-changed', field: 'trackingNumber' },
  ],
  [
    'response format changed',
    (d) => (S(d).ShipReply.properties.shipDate.format = 'date-time'),
    { rule: 'response.format-changed', field: 'shipDate', before: 'date', after: 'date-time' },
  ],
  [
    'response enum widened',
    (d) => S(d).ShipReply.properties.status.enum.push('PENDING'),
    { rule: 'response.enum-widened', field: 'status', before: 'CREATED, FAILED', after: 'CREATED, FAILED, PENDING' },
  ],
  [
    'response enum narrowed',
    (d) => (S(d).ShipReply.properties.status.enum = ['CREATED']),
    { rule: 'response.enum-narrowed', field: 'status' },
  ],
  [
    'response limit widened',
    (d) => (S(d).ShipReply.properties.trackingNumber.maxLength = 40),
    { rule: 'response.limit-widened', field: 'trackingNumber', before: 'maxLength 34', after: 'maxLength 40' },
  ],
  [
    'response limit narrowed',
    (d) => (S(d).ShipReply.properties.trackingNumber.maxLength = 20),
    { rule: 'response.limit-narrowed', field: 'trackingNumber' },
  ],
  [
    'response pattern changed',
    (d) => (S(d).ShipReply.properties.trackingNumber.pattern = '^[0-9]+$'),
    { rule: 'response.pattern-changed', field: 'trackingNumber' },
  ],
  [
    'response default changed',
    (d) => (S(d).ShipReply.properties.status.default = 'CREATED'),
    { rule: 'response.default-changed', field: 'status', before: '', after: '"CREATED"' },
  ],
  [
    'response status added',
    (d) => (POST(d).responses['503'] = { description: 'Unavailable' }),
    { rule: 'response.status-added', status: '503' },
  ],
  [
    'success response removed',
    (d) => {
      POST(d).responses['202'] = { description: 'Accepted' };
      delete POST(d).responses['200'];
    },
    { rule: 'response.success-removed', status: '200' },
  ],
  [
    'error response removed',
    (d) => delete POST(d).responses['400'],
    { rule: 'response.status-removed', status: '400' },
  ],
  [
    'description changed',
    (d) => (S(d).Address.properties.city.description = 'The city name.'),
    { rule: 'doc.description-changed', field: 'shipper.city', where: 'request' },
  ],
  [
    'example changed',
    (d) => (S(d).ShipRequest.properties.weight.example = 2),
    { rule: 'doc.example-changed', field: 'weight', before: '1.5', after: '2' },
  ],
];

describe('diffDocuments: each change kind, classified for a client', () => {
  it.each(cases)('%s', (_name, edit, expected, older) => {
    const before = base();
    const after = base();
    edit(older ? before : after);
    const { changes } = diffDocuments(before, after);
    const matching = changes.filter((c) => c.rule === expected.rule);
    expect(matching.length, JSON.stringify(changes, null, 1)).toBeGreaterThan(0);
    expect(matching[0]).toMatchObject({ ...expected, class: DIFF_RULES[expected.rule][0] });
    // Nothing of another rule came with it (a success status replaced by another is also a status added).
    const also = expected.rule === 'response.success-removed' ? ['response.status-added'] : [];
    expect(new Set(changes.map((c) => c.rule))).toEqual(new Set([expected.rule, ...also]));
  });

  it('has a case for every rule, and every rule names a class and a reason', () => {
    const tested = new Set(cases.map((c) => c[2].rule));
    const untested = Object.keys(DIFF_RULES).filter((r) => !tested.has(r as DiffRule));
    // The request body's own appearance (added required/optional) is tested below.
    expect(untested.sort()).toEqual(['request-body.added-optional', 'request-body.added-required']);
    for (const [cls, reason] of Object.values(DIFF_RULES)) {
      expect(CHANGE_CLASSES).toContain(cls);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('a request body appearing is breaking when required', () => {
    const before = base();
    delete POST(before).requestBody;
    const required = diffDocuments(before, base()).changes;
    expect(required).toEqual([
      {
        operation: 'POST /ship/v1/shipments',
        where: 'request',
        rule: 'request-body.added-required',
        class: 'breaking',
      },
    ]);
    const optional = base();
    POST(optional).requestBody.required = false;
    expect(diffDocuments(before, optional).changes[0]).toMatchObject({
      rule: 'request-body.added-optional',
      class: 'non-breaking',
    });
  });

  it('a change in a shared schema shows at every place it is used, request and response apart', () => {
    const after = base();
    S(after).Address.properties.countryCode.maxLength = 3;
    const places = diffDocuments(base(), after).changes.map((c) => [c.where, c.status ?? '', c.field, c.class]);
    expect(places).toEqual([
      ['request', '', 'shipper.countryCode', 'non-breaking'],
      ['request', '', 'recipient.countryCode', 'non-breaking'],
      ['response', '200', 'recipient.countryCode', 'breaking'],
    ]);
  });

  it('identical releases have no change and count every operation unchanged', () => {
    const diff = diffDocuments(base(), base());
    expect(diff).toEqual({
      changes: [],
      counts: { breaking: 0, 'non-breaking': 0, 'doc-only': 0 },
      operations: { added: 0, removed: 0, changed: 0, unchanged: 2 },
    });
  });

  it('reports a removed subtree once, at its top', () => {
    const after = base();
    delete S(after).ShipRequest.properties.shipper;
    expect(diffDocuments(base(), after).changes.map((c) => c.field)).toEqual(['shipper']);
  });

  it('exports the change list as Markdown', () => {
    const after = base();
    S(after).ShipRequest.properties.serviceType.enum = ['FEDEX_GROUND'];
    const md = diffMarkdown('ship: 1.0 → 1.1', diffDocuments(base(), after));
    expect(md).toBe(
      [
        '# ship: 1.0 → 1.1',
        '',
        '1 breaking, 0 non-breaking, 0 doc-only',
        '',
        '| class | operation | where | rule | before | after |',
        '| --- | --- | --- | --- | --- | --- |',
        '| breaking | `POST /ship/v1/shipments` | request `serviceType` | request.enum-narrowed: values were removed from a request enum: the client may send one | FEDEX_GROUND, PRIORITY_OVERNIGHT | FEDEX_GROUND |',
        '',
      ].join('\n'),
    );
  });
});

describe('whereUsed', () => {
  it('lists each operation and direction using a schema, with the paths where it appears', () => {
    expect(whereUsed(base(), 'Address')).toEqual([
      { operation: 'POST /ship/v1/shipments', where: 'request', paths: ['shipper', 'recipient'] },
      { operation: 'POST /ship/v1/shipments', where: 'response', status: '200', paths: ['recipient'] },
    ]);
  });

  it("narrows to one field of the schema, and to nothing for a field it doesn't have", () => {
    expect(whereUsed(base(), 'Address', 'city')).toEqual([
      { operation: 'POST /ship/v1/shipments', where: 'request', paths: ['shipper.city', 'recipient.city'] },
      { operation: 'POST /ship/v1/shipments', where: 'response', status: '200', paths: ['recipient.city'] },
    ]);
    expect(whereUsed(base(), 'Address', 'nope')).toEqual([]);
    expect(whereUsed(base(), 'ShipReply')).toEqual([
      { operation: 'POST /ship/v1/shipments', where: 'response', status: '200', paths: [''] },
    ]);
  });
});
