// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonPathAt } from './jsonPathAt';

const at = (text: string, marker: string) => jsonPathAt(text.replace(marker, ''), text.indexOf(marker));

describe('jsonPathAt', () => {
  it('finds the node under the cursor', () => {
    expect(at('{"a": {"b": |1}}', '|')).toEqual(['a', 'b']);
    expect(at('{"a": {"b": 1}, "c": [1, |2]}', '|')).toEqual(['c', '1']);
    expect(at('{"a": {"b": 1}, "c": [1, 2], "d": "x|y"}', '|')).toEqual(['d']);
    expect(at('{"re|q": {"b": 1}}', '|')).toEqual(['req']);
    expect(at('{"a": [{"k": "v"}, {"k": |"w"}]}', '|')).toEqual(['a', '1', 'k']);
    expect(at('|{"a": 1}', '|')).toEqual([]);
    expect(at('{"a\\"b": |1}', '|')).toEqual(['a"b']);
    expect(at('{"a": 1, |', '|')).toEqual([]); // waiting for the next key
  });

  it('finds every value of a document at its own path', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer())),
        (doc) => {
          const text = JSON.stringify(doc, null, 2);
          for (const [k, inner] of Object.entries(doc)) {
            for (const [k2, v] of Object.entries(inner)) {
              const needle = `${JSON.stringify(k2)}: ${v}`;
              const start = text.indexOf(`${JSON.stringify(k)}: {`);
              const pos = text.indexOf(needle, start);
              expect(jsonPathAt(text, pos + needle.length - String(v).length)).toEqual([k, k2]);
            }
          }
        },
      ),
    );
  });
});
