import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derefSchema, mapRefs, mergedProperties, schemaParts, type JsonObject } from './index.js';

const doc = {
  $defs: {
    A: { $ref: '#/$defs/B', description: 'A over B' },
    B: { type: 'object', properties: { b: { type: 'string' } } },
    Self: { $ref: '#/$defs/Self' },
    Ping: { $ref: '#/$defs/Pong' },
    Pong: { $ref: '#/$defs/Ping' },
    Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
    Named: {
      title: 'Named',
      allOf: [{ $ref: '#/$defs/B' }, { properties: { c: { type: 'integer' } }, required: ['c'] }],
    },
  },
};

describe('derefSchema', () => {
  it('follows a chain, siblings over the target', () => {
    expect(derefSchema({ $ref: '#/$defs/A', title: 't' }, doc)).toEqual({
      schema: { type: 'object', properties: { b: { type: 'string' } }, description: 'A over B', title: 't' },
      refs: ['#/$defs/A', '#/$defs/B'],
    });
    expect(derefSchema({ type: 'string' }, doc)).toEqual({ schema: { type: 'string' }, refs: [] });
    expect(derefSchema('x', doc)).toEqual({ schema: {}, refs: [] });
  });

  it('stops at a loop in the chain or at a ref already open, and at a dangling ref', () => {
    expect(derefSchema({ $ref: '#/$defs/Self' }, doc)).toEqual({
      schema: { $ref: '#/$defs/Self' },
      refs: ['#/$defs/Self'],
      loop: '#/$defs/Self',
    });
    expect(derefSchema({ $ref: '#/$defs/Ping' }, doc).loop).toBe('#/$defs/Ping');
    expect(derefSchema({ $ref: '#/$defs/B' }, doc, new Set(['#/$defs/B']))).toEqual({
      schema: { $ref: '#/$defs/B' },
      refs: [],
      loop: '#/$defs/B',
    });
    expect(derefSchema({ $ref: '#/$defs/Missing' }, doc)).toEqual({
      schema: { $ref: '#/$defs/Missing' },
      refs: [],
      unresolved: '#/$defs/Missing',
    });
    expect(derefSchema({ $ref: 'other.json#/B' }, doc).unresolved).toBe('other.json#/B');
  });
});

describe('schemaParts / mergedProperties', () => {
  it('visits a schema and its allOf/oneOf/anyOf parts pre-order, refs followed', () => {
    const s = {
      properties: { a: {} },
      allOf: [{ $ref: '#/$defs/Named' }],
      oneOf: [{ properties: { o: {} } }],
    };
    const parts = [...schemaParts(s, doc)].map((p) => Object.keys(asProps(p)));
    expect(parts).toEqual([['a'], [], ['b'], ['c'], ['o']]);
    expect([...schemaParts(s, doc, undefined, { maxDepth: 1 })]).toHaveLength(3);
    const merged = mergedProperties(s, doc);
    expect([...merged.properties.keys()]).toEqual(['a', 'b', 'c', 'o']);
    expect([...merged.required]).toEqual(['c']);
  });

  it('a later part wins a property both have', () => {
    const s = { properties: { x: { type: 'string' } }, allOf: [{ properties: { x: { type: 'integer' } } }] };
    expect(mergedProperties(s, doc).properties.get('x')).toEqual({ type: 'integer' });
  });

  it('a part that closes a ref loop gives its own keys only; parts stop at maxDepth', () => {
    const loop = {
      $defs: { L: { properties: { l: {} }, allOf: [{ $ref: '#/$defs/L', properties: { own: {} } }] } },
    };
    const keysOf = (parts: Iterable<JsonObject>) => [...parts].map((p) => Object.keys(asProps(p)));
    expect(keysOf(schemaParts(loop.$defs.L, loop, new Set(['#/$defs/L'])))).toEqual([['l'], ['own']]);
    // Not open yet: L is entered once (its part's siblings over it), then the loop closes.
    expect(keysOf(schemaParts(loop.$defs.L, loop))).toEqual([['l'], ['own'], ['own']]);
    const deep: JsonObject = { properties: { d0: {} } };
    let cur = deep;
    for (let i = 1; i < 20; i++) {
      const next: JsonObject = { properties: { [`d${i}`]: {} } };
      cur.allOf = [next];
      cur = next;
    }
    expect([...schemaParts(deep, {}, undefined, { maxDepth: 3 })]).toHaveLength(4);
    expect([...schemaParts(deep, {})]).toHaveLength(9);
  });

  it('terminates on any document of refs pointing anywhere (cycles included)', () => {
    const names = ['A', 'B', 'C', 'D'];
    const ref = fc.constantFrom(...names.map((n) => ({ $ref: `#/$defs/${n}` })), { $ref: '#' }, { $ref: '#/$defs' });
    const schema = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        ref,
        fc.record(
          {
            properties: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('node')),
            allOf: fc.array(tie('node'), { maxLength: 3 }),
            oneOf: fc.array(tie('node'), { maxLength: 2 }),
            items: tie('node'),
          },
          { requiredKeys: [] },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(fc.tuple(...names.map(() => schema)), fc.constantFrom(...names), (defs, start) => {
        const root = { $defs: Object.fromEntries(names.map((n, i) => [n, defs[i]])) };
        const r = derefSchema({ $ref: `#/$defs/${start}` }, root);
        expect(r.refs.length).toBeLessThanOrEqual(names.length + 1);
        expect(new Set(r.refs).size).toBe(r.refs.length);
        const parts = [...schemaParts(r.schema, root, new Set(r.refs))];
        expect(parts.length).toBeGreaterThan(0);
        mergedProperties(r.schema, root, new Set(r.refs));
      }),
    );
  });
});

describe('mapRefs', () => {
  it('copies the tree with each string $ref rewritten', () => {
    const tree = {
      $ref: '#/a',
      items: [{ $ref: '#/b' }, { $ref: 3 }, 'x'],
      properties: { $ref: { type: 'string' } },
    };
    const out = mapRefs(tree, (r) => (r === '#/a' ? '#/A' : undefined));
    expect(out).toEqual({
      $ref: '#/A',
      items: [{ $ref: '#/b' }, { $ref: 3 }, 'x'],
      properties: { $ref: { type: 'string' } },
    });
    expect(out).not.toBe(tree);
    expect((out as { items: unknown[] }).items[0]).not.toBe(tree.items[0]);
  });

  it('keeps a __proto__ key a plain key', () => {
    const tree = JSON.parse('{"__proto__":{"$ref":"#/x"}}') as unknown;
    const out = mapRefs(tree, () => '#/y') as JsonObject;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out.__proto__).toEqual({ $ref: '#/y' });
  });
});

function asProps(s: JsonObject): JsonObject {
  return (s.properties as JsonObject | undefined) ?? {};
}
