import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodePointer,
  decodeRef,
  encodePointer,
  encodeRef,
  refName,
  resolvePointer,
  resolveRef,
  type JsonPath,
} from './index.js';

/** Every path inside a JSON value (the root's `[]` included), with the value there. */
function pathsOf(value: unknown, path: (string | number)[] = []): [JsonPath, unknown][] {
  const out: [JsonPath, unknown][] = [[path, value]];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...path, i])));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]));
  return out;
}

const segment = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('~', '/', '~0', '~1', '%', '%25', '#', ''),
);

describe('JSON Pointer (RFC 6901)', () => {
  it('encodes and decodes with ~0 / ~1', () => {
    expect(encodePointer([])).toBe('');
    expect(encodePointer(['a/b', 'm~n', 0, ''])).toBe('/a~1b/m~0n/0/');
    expect(decodePointer('')).toEqual([]);
    expect(decodePointer('/')).toEqual(['']);
    expect(decodePointer('/a~1b/m~0n/0')).toEqual(['a/b', 'm~n', '0']);
    // ~01 is `~1` as text, not `/`: ~1 is replaced before ~0.
    expect(decodePointer('/~01')).toEqual(['~1']);
    expect(decodePointer('a/b')).toBeUndefined();
  });

  it('resolves the examples of RFC 6901 section 5', () => {
    const doc = {
      foo: ['bar', 'baz'],
      '': 0,
      'a/b': 1,
      'c%d': 2,
      'e^f': 3,
      'g|h': 4,
      'i\\j': 5,
      'k"l': 6,
      ' ': 7,
      'm~n': 8,
    };
    // [pointer (section 5), its URI fragment form (section 6), the value]
    const examples: [string, string, unknown][] = [
      ['', '#', doc],
      ['/foo', '#/foo', ['bar', 'baz']],
      ['/foo/0', '#/foo/0', 'bar'],
      ['/', '#/', 0],
      ['/a~1b', '#/a~1b', 1],
      ['/c%d', '#/c%25d', 2],
      ['/e^f', '#/e%5Ef', 3],
      ['/g|h', '#/g%7Ch', 4],
      ['/i\\j', '#/i%5Cj', 5],
      ['/k"l', '#/k%22l', 6],
      ['/ ', '#/%20', 7],
      ['/m~0n', '#/m~0n', 8],
    ];
    for (const [pointer, fragment, value] of examples) {
      expect(resolvePointer(doc, pointer), pointer).toEqual(value);
      expect(resolveRef(doc, fragment), fragment).toEqual(value);
      expect(encodeRef(decodePointer(pointer)!)).toBe(fragment);
    }
  });

  it('answers undefined for what is not there (own keys, plain array indexes only)', () => {
    const doc = { a: [10, 20], o: {} };
    expect(resolvePointer(doc, '/b')).toBeUndefined();
    expect(resolvePointer(doc, '/a/2')).toBeUndefined();
    expect(resolvePointer(doc, '/a/01')).toBeUndefined();
    expect(resolvePointer(doc, '/a/-')).toBeUndefined();
    expect(resolvePointer(doc, '/a/')).toBeUndefined();
    expect(resolvePointer(doc, '/a/length')).toBeUndefined();
    expect(resolvePointer(doc, '/o/toString')).toBeUndefined();
    expect(resolvePointer(doc, '/o/__proto__')).toBeUndefined();
    expect(resolvePointer(doc, '/a/0/x')).toBeUndefined();
    expect(resolvePointer(doc, ['a', 1])).toBe(20);
  });

  it('reads only local refs, and broken %-escapes as no ref', () => {
    const doc = { $defs: { 'A B': { type: 'string' } } };
    expect(resolveRef(doc, '#/$defs/A%20B')).toEqual({ type: 'string' });
    expect(resolveRef(doc, 'other.json#/$defs/A%20B')).toBeUndefined();
    expect(resolveRef(doc, '/$defs/A B')).toBeUndefined();
    expect(decodeRef('#/a%')).toBeUndefined();
    expect(decodeRef('#/a%E0%A4%A')).toBeUndefined();
    expect(decodeRef('#a')).toBeUndefined();
  });

  it('writes refs a URI fragment can hold', () => {
    expect(encodeRef(['$defs', 'Node'])).toBe('#/$defs/Node');
    expect(encodeRef(['components', 'schemas', 'a/b~c d%'])).toBe('#/components/schemas/a~1b~0c%20d%25');
    expect(encodeRef(['ü', '#'])).toBe('#/%C3%BC/%23');
    expect(encodeRef([])).toBe('#');
  });

  it('names a ref by its last segment', () => {
    expect(refName('#/components/schemas/Full_Schema_Ship')).toBe('Full_Schema_Ship');
    expect(refName('#/$defs/a~1b%20c')).toBe('a/b c');
    expect(refName('#')).toBe('#');
    expect(refName('other.json')).toBe('other.json');
  });

  it('round-trips any key segments through a pointer and a ref', () => {
    fc.assert(
      fc.property(fc.array(segment), (path) => {
        expect(decodePointer(encodePointer(path))).toEqual(path);
        expect(decodeRef(encodeRef(path))).toEqual(path);
      }),
    );
  });

  it('resolves the pointer of every path of any JSON value to the value there', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().chain((value) => {
          const paths = pathsOf(value);
          return fc.tuple(fc.constant(value), fc.constantFrom(...paths));
        }),
        ([value, [path, expected]]) => {
          expect(resolvePointer(value, encodePointer(path))).toBe(expected);
          expect(resolveRef(value, encodeRef(path))).toBe(expected);
        },
      ),
    );
  });
});
