import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBytes, encodeText } from './codepages.js';
import { isUnrecoverableText, rankRepairs, repairWeirdText, type WeirdTextCandidate } from './weirdText.js';
import { partialUtf8 } from './partialUtf8.js';

const best = (input: string) => repairWeirdText(input)[0];

/** Garbles text the way a system reading it with the wrong code page does. */
const garble = (text: string, wrote: 'utf-8' | 'gbk', read: 'windows-1252' | 'gbk') => {
  const bytes = encodeText(text, wrote)!;
  if (read === 'gbk') return decodeBytes(bytes, 'gbk');
  return String.fromCharCode(...bytes); // ISO-8859-1 reader
};

describe('repairWeirdText', () => {
  it('names the transformation of the best repair for each kind of damage', () => {
    const cases: [string, string, string][] = [
      ['Ã©tÃ©', 'été', 'UTF-8 read as Latin-1/Windows-1252'],
      ['â€œquotedâ€\u009d', '“quoted”', 'UTF-8 read as Latin-1/Windows-1252'],
      ['åŒ—äº¬', '北京', 'UTF-8 read as Latin-1/Windows-1252'],
      ['鍖椾含', '北京', 'UTF-8 read as GBK'],
      ['ÖÐ¹ú', '中国', 'GBK read as Latin-1/Windows-1252'],
      ['\\u5317\\u4eac', '北京', '\\uXXXX / \\xXX escapes'],
      ['\\xe5\\x8c\\x97\\xe4\\xba\\xac', '北京', '\\uXXXX / \\xXX escapes'],
      ['%E5%8C%97%E4%BA%AC', '北京', 'URL encoding (%XX)'],
      ['&lt;b&gt; caf&eacute; &#x4E2D;', '<b> café 中', 'HTML entities'],
      ['5YyX5Lqs', '北京', 'Base64'],
      ['caf=C3=A9 cr=C3=A8me=\n br=C3=BBl=C3=A9e', 'café crème brûlée', 'Quoted-printable'],
    ];
    for (const [input, text, transformation] of cases) {
      expect(best(input), input).toMatchObject({ text, transformation });
    }
  });

  it('chains two transformations when one is not enough', () => {
    expect(best('Ã\u0083Â©tÃ\u0083Â©')).toMatchObject({
      text: 'été',
      steps: ['utf8-as-1252', 'utf8-as-1252'],
      transformation: 'UTF-8 read as Latin-1/Windows-1252 → UTF-8 read as Latin-1/Windows-1252',
    });
    expect(best('JUU1JThDJTk3JUU0JUJBJUFD')).toMatchObject({ text: '北京', steps: ['base64', 'url'] });
  });

  it('keeps most of a repair when Windows-1252 lost a byte', () => {
    expect(best('ä¸­æ–‡ä¹±ç\u00a0')?.text).toBe('中文乱\ufffd');
  });

  it('repairs a copy-paste whose non-breaking space became a space (Ã\u00a0 = à)', () => {
    expect(best('Ã©tÃ© Ã  Paris')).toMatchObject({ text: 'été à Paris', steps: ['utf8-as-1252'], kept: [] });
  });

  it('repairs what can be repaired and marks the rest as kept', () => {
    // "café" was right all along (é alone is no UTF-8); "Ã©tÃ©" is été garbled.
    const repair = best('café Ã©tÃ© ¿');
    expect(repair).toMatchObject({ text: 'café été ¿', steps: ['utf8-as-1252'] });
    expect(repair!.kept.map(([a, b]) => repair!.text.slice(a, b))).toEqual(['é', '¿']);
  });

  it('property: accented text garbled as Windows-1252, non-breaking spaces turned spaces, comes back whole', () => {
    const alphabet = [...'abcdefghij éèàâçôûüöäñ.,;-'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 30 }), (chars) => {
        const original = chars.join('');
        const garbled = garble(original, 'utf-8', 'windows-1252')!.replaceAll('\u00a0', ' ');
        const bytes = encodeText(garbled, 'windows-1252')!;
        expect(partialUtf8(garbled, bytes)).toEqual({ text: original, kept: [] });
      }),
    );
  });

  it('offers nothing for text that is already fine', () => {
    for (const fine of ['hello world', '北京欢迎你', 'Müller café', 'Crème brûlée', '']) {
      expect(repairWeirdText(fine), fine).toEqual([]);
    }
  });

  it('property: Chinese written as UTF-8 and read as GBK or Latin-1 is repaired first', () => {
    const common = [
      ...'的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...common), { minLength: 2, maxLength: 12 }),
        fc.constantFrom('gbk' as const, 'windows-1252' as const),
        (chars, read) => {
          const text = chars.join('');
          const garbled = garble(text, 'utf-8', read);
          fc.pre(garbled !== undefined && !garbled.includes('\ufffd'));
          expect(best(garbled!)?.text).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: accented Latin text read as Latin-1 is repaired first', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,5}[éèêüöäàçñ][a-z]{1,5}( [a-z]{1,5}[éüöå])?$/), (text) => {
        expect(best(garble(text, 'utf-8', 'windows-1252')!)?.text).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('ranks 锟斤拷 and other unrecoverable text last, and marks it', () => {
    // Replacement characters have no bytes left: "GBK read as UTF-8" only turns them into 锟斤拷.
    expect(repairWeirdText('\ufffd\ufffd\ufffd\ufffd')).toEqual([
      expect.objectContaining({ text: '锟斤拷锟斤拷', transformation: 'GBK read as UTF-8', unrecoverable: true }),
    ]);
    expect(best('鍖椾含')).toMatchObject({ text: '北京', unrecoverable: false });
    expect(best('ä¸­æ–‡ä¹±ç\u00a0')).toMatchObject({ text: '中文乱\ufffd', unrecoverable: false });
  });

  it('tells unrecoverable text by 锟斤拷, replacement characters or question marks', () => {
    for (const lost of ['锟斤拷', 'ok 锟斤拷锟斤拷 ok', '\ufffd\ufffd', '????', '?? ab', '\ufffd?x']) {
      expect(isUnrecoverableText(lost), lost).toBe(true);
    }
    for (const fine of ['北京', '中文乱\ufffd', 'why?', 'a?b?c', '', '   ', '锟']) {
      expect(isUnrecoverableText(fine), fine).toBe(false);
    }
  });

  it('property: no unrecoverable candidate ranks before a recoverable one, and the order is by score within each', () => {
    const damage = fc.constantFrom('锟斤拷', '\ufffd', '?', '??', '');
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), damage), { maxLength: 5 })
      .map((parts) => parts.join(''));
    const candidateArb = fc.record({
      text,
      score: fc.integer({ min: -30, max: 30 }),
      chain: fc.integer({ min: 1, max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(candidateArb, { maxLength: 12 }), (raw) => {
        const candidates: WeirdTextCandidate[] = raw.map((r) => ({
          text: r.text,
          steps: Array.from({ length: r.chain }, () => 'url'),
          labels: [],
          transformation: '',
          score: r.score,
          unrecoverable: isUnrecoverableText(r.text),
          kept: [],
        }));
        const ranked = rankRepairs(candidates);
        expect([...ranked].sort(byText)).toEqual([...candidates].sort(byText));
        const firstLost = ranked.findIndex((c) => c.unrecoverable);
        if (firstLost >= 0) expect(ranked.slice(firstLost).every((c) => c.unrecoverable)).toBe(true);
        for (let i = 1; i < ranked.length; i++) {
          if (ranked[i]!.unrecoverable === ranked[i - 1]!.unrecoverable) {
            expect(ranked[i]!.score).toBeLessThanOrEqual(ranked[i - 1]!.score);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('property: repairs of damaged text mark exactly the unrecoverable ones and rank them last', () => {
    const piece = fc.oneof(
      fc.constantFrom('\ufffd', '锟斤拷', '?', '鍖椾含', 'Ã©', '%E5%8C%97', '中文'),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (parts) => {
        const repairs = repairWeirdText(parts.join(''));
        for (const c of repairs) expect(c.unrecoverable, c.text).toBe(isUnrecoverableText(c.text));
        const firstLost = repairs.findIndex((c) => c.unrecoverable);
        if (firstLost >= 0) expect(repairs.slice(firstLost).every((c) => c.unrecoverable)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

const byText = (a: WeirdTextCandidate, b: WeirdTextCandidate) =>
  a.text < b.text ? -1 : a.text > b.text ? 1 : a.score - b.score || a.steps.length - b.steps.length;
