import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankDefinition, DefinitionIndex, normalizeSearchText } from './index.js';
import { TrigramIndex } from './trigrams.js';

const alphabet = fc.constantFrom(...'abcde xyé中_-'.split(''));
const text = fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join(''));

describe('TrigramIndex', () => {
  it('never leaves out a text that contains the needle', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), (texts, pick, at) => {
        const source = texts[pick % texts.length]!;
        const start = source.length ? at % source.length : 0;
        const needle = source.slice(start, start + 3 + (at % 5));
        fc.pre(needle.length >= 3);
        const candidates = new Set(new TrigramIndex(texts).candidates(needle));
        texts.forEach((t, k) => {
          if (t.includes(needle)) expect(candidates.has(k)).toBe(true);
        });
      }),
    );
  });

  it('gives nothing for a trigram no text has', () => {
    expect([...new TrigramIndex(['abcdef', 'bcd']).candidates('zzz')]).toEqual([]);
    expect([...new TrigramIndex(['abcdef', 'bcd', 'xbcdx']).candidates('bcd')]).toEqual([0, 1, 2]);
  });
});

describe('search over a list long enough for the trigram filter', () => {
  const words = ['sender', 'recipient', 'company', 'weight', 'code', 'kato', 'vandor', 'zoé', 'lin', 'ri'];
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const phrase = (n: number) => Array.from({ length: n }, () => words[rand(words.length)]).join(rand(2) ? ' ' : '_');
  const defs = Array.from({ length: 1500 }, (_, id) => ({
    ...blankDefinition('V', 'T', id, phrase(1 + rand(3))),
    details: rand(3) ? phrase(2 + rand(5)) : null,
    allValues: rand(3) ? `${phrase(1)}~${phrase(1)}` : null,
  }));
  const index = new DefinitionIndex(defs);

  it('can build its filters ahead, one list per step', () => {
    const before = index.match('V', undefined, 'vandor', true).map((d) => d.id);
    const steps = new DefinitionIndex(defs).preparationSteps();
    expect(steps).toHaveLength(2); // all types, and type T
    const prepared = new DefinitionIndex(defs);
    for (const step of prepared.preparationSteps()) step();
    expect(prepared.match('V', undefined, 'vandor', true).map((d) => d.id)).toEqual(before);
    expect(new DefinitionIndex(defs.slice(0, 999)).preparationSteps()).toHaveLength(0);
  });

  it.each(['sender', 'der rec', 'ompa', 'ri', 'zoé', 'o k', 'nothing here', 'weight code'])(
    'finds exactly what a plain scan finds: %s',
    (keyword) => {
      const needle = normalizeSearchText(keyword);
      for (const fullText of [false, true]) {
        const expected = defs
          .filter((d) =>
            [d.description, ...(fullText ? [d.details ?? '', d.allValues ?? ''] : [])].some((t) =>
              normalizeSearchText(t).includes(needle),
            ),
          )
          .map((d) => d.id)
          .sort((a, b) => a - b);
        const found = index.match('V', 'T', keyword, fullText).map((d) => d.id);
        expect([...found].sort((a, b) => a - b)).toEqual(expected);
        expect(index.search('V', 'T', { keyword, isId: false, isFullText: fullText }).total).toBe(expected.length);
      }
    },
  );
});
