import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../../../../test/reference-data.js';
import { buildSchemaTree, type SchemaTree } from './index.js';

/** The invariants every flattened tree keeps: pre-order, contiguous subtrees, parents one level up. */
function checkShape(tree: SchemaTree) {
  tree.fields.forEach((f, i) => {
    expect(f.end).toBeGreaterThan(i);
    expect(f.end).toBeLessThanOrEqual(tree.fields.length);
    if (f.parent === -1) expect(f.depth).toBe(1);
    else {
      const p = tree.fields[f.parent]!;
      expect(f.parent).toBeLessThan(i);
      expect(p.end).toBeGreaterThanOrEqual(f.end);
      expect(f.depth).toBe(p.depth + 1);
      expect(f.path.startsWith(p.path)).toBe(true);
    }
    for (let c = i + 1; c < f.end; c++) expect(tree.fields[c]!.depth).toBeGreaterThan(f.depth);
    if (f.recursive !== undefined) expect(f.end).toBe(i + 1);
  });
}

const schemaArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record({
      type: fc.constantFrom('string', 'integer', 'boolean'),
      maxLength: fc.option(fc.nat(50), { nil: undefined }),
    }),
    fc.record({ $ref: fc.constantFrom('#/$defs/A', '#/$defs/B', '#/$defs/missing') }),
    fc.record({ type: fc.constant('array'), items: tie('schema') }),
    fc.record({
      type: fc.constant('object'),
      required: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 }),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('schema'), { maxKeys: 3 }),
    }),
  ),
})).schema;

describe('buildSchemaTree', () => {
  it('flattens properties in order with paths, required, limits, enums, examples and array paths', () => {
    const tree = buildSchemaTree({
      type: 'object',
      required: ['lines'],
      description: 'root',
      properties: {
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { weight: { type: 'number', format: 'double', minimum: 0, example: 1.5 } },
          },
        },
        code: { type: 'string', enum: ['A', 'B'], minLength: 1, maxLength: 3, description: 'The code.' },
      },
    });
    expect(tree).toEqual({
      type: 'object',
      description: 'root',
      fields: [
        { parent: -1, depth: 1, end: 2, name: 'lines', path: 'lines', type: 'array of object', required: true },
        {
          parent: 0,
          depth: 2,
          end: 2,
          name: 'weight',
          path: 'lines[].weight',
          type: 'number (double)',
          required: false,
          minimum: 0,
          format: 'double',
          example: '1.5',
        },
        {
          parent: -1,
          depth: 1,
          end: 3,
          name: 'code',
          path: 'code',
          type: 'string',
          required: false,
          enum: ['A', 'B'],
          minLength: 1,
          maxLength: 3,
          description: 'The code.',
        },
      ],
    });
  });

  it('merges allOf branches and links a recursive schema to the field already showing it', () => {
    const root = {
      $defs: {
        Node: {
          allOf: [{ properties: { id: { type: 'string' } }, required: ['id'] }],
          properties: { child: { $ref: '#/$defs/Node' } },
        },
      },
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
    };
    const tree = buildSchemaTree(root);
    expect(tree.fields.map((f) => [f.path, f.required, f.ref, f.recursive])).toEqual([
      ['node', false, 'Node', undefined],
      ['node.child', false, 'Node', 0],
      ['node.id', true, undefined, undefined],
    ]);
  });

  it('keeps its shape for any schema, cycles and missing refs included (property)', () => {
    fc.assert(
      fc.property(schemaArb, schemaArb, schemaArb, (a, b, top) => {
        const root = { $defs: { A: a, B: b }, ...(top as object) };
        checkShape(buildSchemaTree(root));
      }),
      { numRuns: 300 },
    );
  });

  it('flattens Create Shipment: 754 fields, 8 levels, the postal code where the issue says', () => {
    const doc = JSON.parse(
      fs.readFileSync(path.join(referenceDir, 'carrier-openapi', 'ship--Shipment-Resource.json'), 'utf8'),
    );
    const tree = buildSchemaTree({ $ref: '#/components/schemas/Full_Schema_Ship' }, doc);
    expect(tree.ref).toBe('Full_Schema_Ship');
    expect(tree.fields).toHaveLength(754);
    expect(Math.max(...tree.fields.map((f) => f.depth))).toBe(8);
    checkShape(tree);
    expect(tree.fields.find((f) => f.path === 'requestedShipment.shipper.address.postalCode')).toMatchObject({
      depth: 4,
      type: 'string',
    });
  });
});
