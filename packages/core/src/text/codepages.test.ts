import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBytes, encodeText, gbkCode } from './codepages.js';

describe('code pages', () => {
  it('encodes GBK and Windows-1252 the way decoders read them', () => {
    expect([...encodeText('北京', 'gbk')!]).toEqual([0xb1, 0xb1, 0xbe, 0xa9]);
    expect([...encodeText('a€', 'gbk')!]).toEqual([0x61, 0x80]);
    expect([...encodeText('é€’', 'windows-1252')!]).toEqual([0xe9, 0x80, 0x92]);
    expect(encodeText('北', 'windows-1252')).toBeUndefined();
    expect(gbkCode('北')).toBe(0xb1b1);
    expect(decodeBytes(Uint8Array.from([0xff]), 'utf-8')).toBeUndefined();
  });

  it('property: GBK encode then decode gives the text back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c)) }),
        (s) => {
          expect(decodeBytes(encodeText(s, 'gbk')!, 'gbk')).toBe(s);
        },
      ),
    );
  });
});
