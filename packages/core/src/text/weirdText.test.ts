import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBytes, encodeText } from './codepages.js';
import { repairWeirdText } from './weirdText.js';

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
});
