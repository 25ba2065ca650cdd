// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderSchemaNames, schemaOutline, schemaRows } from './schemaOutline';

const schema = {
  type: 'object',
  required: ['outputMetaData'],
  properties: {
    outputMetaData: {
      type: 'array',
      description: 'Metadata',
      items: { $ref: '#/$defs/Meta' },
    },
    output: { $ref: '#/$defs/Output' },
  },
  $defs: {
    Meta: {
      type: 'object',
      required: ['transactionId'],
      properties: { transactionId: { type: 'string', description: 'The id' } },
    },
    Output: {
      allOf: [{ properties: { status: { type: 'string', enum: ['DL', 'IT'] } } }, { $ref: '#/$defs/Node' }],
    },
    Node: { type: 'object', properties: { parent: { $ref: '#/$defs/Node' }, name: { type: 'string' } } },
  },
};

describe('schemaOutline / schemaRows', () => {
  it('resolves refs, arrays, allOf and required flags into paths', () => {
    expect(schemaRows(schema)).toEqual([
      {
        path: 'outputMetaData',
        name: 'outputMetaData',
        type: 'array of object · Meta',
        required: true,
        description: 'Metadata',
      },
      {
        path: 'outputMetaData[].transactionId',
        name: 'transactionId',
        type: 'string',
        required: true,
        description: 'The id',
      },
      { path: 'output', name: 'output', type: 'object · Output', required: false, description: '' },
      { path: 'output.status', name: 'status', type: 'string (DL, IT)', required: false, description: '' },
      { path: 'output.parent', name: 'parent', type: 'object · Node', required: false, description: '' },
      // A schema inside itself stops at the second visit instead of recursing forever.
      { path: 'output.parent.parent', name: 'parent', type: 'any · Node', required: false, description: '' },
      { path: 'output.parent.name', name: 'name', type: 'string', required: false, description: '' },
      { path: 'output.name', name: 'name', type: 'string', required: false, description: '' },
    ]);
    expect(schemaOutline(schema)[0]!.children[0]!.name).toBe('transactionId');
  });

  it('never throws and always terminates on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(Array.isArray(schemaRows(value))).toBe(true);
      }),
    );
    const selfRef = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/A' } } };
    expect(schemaRows(selfRef)).toEqual([]);
  });

  it('puts Account first when present', () => {
    expect(orderSchemaNames(['Envelope', 'Account', 'X'])).toEqual(['Account', 'Envelope', 'X']);
    expect(orderSchemaNames(['Envelope', 'X'])).toEqual(['Envelope', 'X']);
  });
});
