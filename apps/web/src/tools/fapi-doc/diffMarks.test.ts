import { describe, expect, it } from 'vitest';
import { buildSchemaTree } from '@lab/core/schema-tree';
import { partMarks, usageTarget, type ApiChangeRow } from './diffMarks';

const OP = 'POST /x';
const change = (c: Partial<ApiChangeRow>): ApiChangeRow => ({
  operation: OP,
  where: 'request',
  rule: 'doc.description-changed',
  class: 'doc-only',
  ...c,
});

describe('partMarks', () => {
  it('keys the shown part’s field changes by path: added wins over changed, removed fields apart', () => {
    const changes = [
      change({ field: 'a', rule: 'request.made-required', class: 'breaking' }),
      change({ field: 'a', rule: 'doc.example-changed', before: '1', after: '2' }),
      change({ field: 'b', rule: 'request.optional-field-added', class: 'non-breaking' }),
      change({ field: 'c', rule: 'request.field-removed', class: 'breaking' }),
      change({ where: 'response', status: '200', field: 'a', rule: 'response.field-removed', class: 'breaking' }),
      change({ operation: 'GET /y', field: 'a' }),
      change({ where: 'parameter', field: 'query:q', rule: 'parameter.removed', class: 'breaking' }),
    ];
    const request = partMarks(changes, OP, 'request');
    expect([...request.byPath].map(([p, m]) => [p, m.kind, m.changes.map((c) => c.rule)])).toEqual([
      ['a', 'changed', ['request.made-required', 'doc.example-changed']],
      ['b', 'added', ['request.optional-field-added']],
    ]);
    expect(request.removed.map((c) => c.field)).toEqual(['c']);
    const ok = partMarks(changes, OP, '200');
    expect(ok.byPath.size).toBe(0);
    expect(ok.removed.map((c) => `${c.status} ${c.field}`)).toEqual(['200 a']);
    expect(partMarks(changes, OP, '400')).toEqual({ byPath: new Map(), removed: [] });
  });
});

describe('usageTarget', () => {
  const doc = {
    components: {
      schemas: {
        Root: {
          type: 'object',
          properties: {
            shipper: { $ref: '#/components/schemas/Party' },
            lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } },
            note: { type: 'string' },
          },
        },
        Party: {
          type: 'object',
          properties: { address: { type: 'object', properties: { city: { type: 'string' } } } },
        },
        Line: { type: 'object', properties: { weight: { type: 'number' } } },
      },
    },
  };
  const tree = buildSchemaTree({ $ref: '#/components/schemas/Root' }, doc);
  const at = (path: string) =>
    usageTarget(
      tree,
      tree.fields.find((f) => f.path === path)!,
    );

  it('names the field’s own component, else the nearest enclosing one and the path inside it', () => {
    expect(at('shipper')).toEqual({ schema: 'Party' });
    expect(at('shipper.address.city')).toEqual({ schema: 'Party', field: 'address.city' });
    expect(at('lines')).toEqual({ schema: 'Line' });
    expect(at('lines[].weight')).toEqual({ schema: 'Line', field: 'weight' });
    expect(at('note')).toEqual({ schema: 'Root', field: 'note' });
  });

  it('has none for a field of an inline schema', () => {
    const inline = buildSchemaTree({ type: 'object', properties: { x: { type: 'string' } } }, {});
    expect(usageTarget(inline, inline.fields[0]!)).toBeUndefined();
  });
});
