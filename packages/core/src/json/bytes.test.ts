import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToText } from './index.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('bytesToText', () => {
  it('reads UTF-8, or byte for byte when it is not UTF-8', () => {
    expect(bytesToText(bytes('^XA^CI28^FDMüller^FS^XZ'))).toBe('^XA^CI28^FDMüller^FS^XZ');
    expect(bytesToText(new Uint8Array([0x5e, 0x46, 0x44, 0x4d, 0xfc, 0x6c]))).toBe('^FDMül');
    expect(bytesToText(new Uint8Array())).toBe('');
  });

  it('drops a UTF-8 BOM; keeps one in bytes that are not UTF-8 as its three characters', () => {
    expect(bytesToText(new Uint8Array([0xef, 0xbb, 0xbf, 0x5e, 0x58, 0x41]))).toBe('^XA');
    expect(bytesToText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff]))).toBe('ï»¿Aÿ');
  });

  it('reads any text back from its UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        fc.pre(!s.startsWith('\uFEFF'));
        expect(bytesToText(bytes(s))).toBe(s);
      }),
    );
  });

  it('reads any bytes that are not UTF-8 as one character per byte (large inputs too)', () => {
    const big = new Uint8Array(0x8000 * 2 + 5).map((_, i) => (i % 7 === 0 ? 0xff : 0x41));
    expect(bytesToText(big)).toBe(Array.from(big, (b) => String.fromCharCode(b)).join(''));
  });
});
