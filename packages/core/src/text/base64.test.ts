import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVALID_BASE64_MESSAGE,
  base64Repair,
  bytesToBase64,
  checkBase64,
  decodeBytesAsText,
  isValidBase64,
  normalizeBase64,
} from './base64.js';

describe('checkBase64', () => {
  it('accepts canonical base64 and returns its bytes', () => {
    const r = checkBase64('XlhBXlha');
    expect(r.ok).toBe(true);
    if (r.ok) expect(new TextDecoder().decode(r.bytes)).toBe('^XA^XZ');
  });

  it('strips a data URL prefix, spaces and line breaks', () => {
    expect(normalizeBase64('data:application/pdf;base64,JVBE\r\nRi0x\n LjQ=')).toBe('JVBERi0xLjQ=');
    const r = checkBase64('data:image/png;base64,\n  iVBORw0K\nGgo=\n');
    expect(r.ok && r.base64).toBe('iVBORw0KGgo=');
  });

  it.each([
    ['empty', ''],
    ['only whitespace', ' \n\t'],
    ['only a data prefix', 'data:text/plain;base64,'],
    ['missing padding', 'QQ'],
    ['url-safe alphabet', 'a-_b'],
    ['stray bits in the last character', 'QR=='],
    ['text', 'hello world!'],
    ['padding in the middle', 'QQ==QQ=='],
  ])('rejects %s with the product message', (_name, input) => {
    expect(checkBase64(input)).toEqual({
      ok: false,
      message: INVALID_BASE64_MESSAGE,
    });
    expect(INVALID_BASE64_MESSAGE).toBe('invalid base64 input');
  });

  it('round-trips any bytes, with any whitespace inserted', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.array(fc.nat()), (bytes, cuts) => {
        const b64 = bytesToBase64(bytes);
        let broken = b64;
        for (const c of cuts.slice(0, 5)) {
          const at = c % (broken.length + 1);
          broken = `${broken.slice(0, at)}\n ${broken.slice(at)}`;
        }
        const r = checkBase64(broken);
        expect(r.ok).toBe(true);
        if (r.ok) expect(Array.from(r.bytes)).toEqual(Array.from(bytes));
      }),
    );
  });

  it('never accepts a string that does not re-encode to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = checkBase64(s);
        if (r.ok) expect(bytesToBase64(r.bytes)).toBe(normalizeBase64(s));
        expect(isValidBase64(s)).toBe(r.ok);
      }),
    );
  });
});

describe('decodeBytesAsText', () => {
  it('decodes UTF-8, GBK and Latin-1', () => {
    expect(decodeBytesAsText(new Uint8Array([0xe4, 0xbd, 0xa0, 0xe5, 0xa5, 0xbd]))).toBe('你好');
    expect(decodeBytesAsText(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]), 'gbk')).toBe('你好');
    expect(decodeBytesAsText(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80]), 'latin1')).toBe(
      'Müller\u0080',
    );
  });
});

describe('base64Repair', () => {
  const urlSafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

  it('names URL-safe, unpadded and both, and gives the standard base64', () => {
    expect(base64Repair('-_8')).toEqual({ variant: 'url-safe-unpadded', base64: '+/8=' });
    expect(base64Repair('-_-_')).toEqual({ variant: 'url-safe', base64: '+/+/' });
    expect(base64Repair('aGk')).toEqual({ variant: 'unpadded', base64: 'aGk=' });
    expect(base64Repair('aGVsbG8')).toEqual({ variant: 'unpadded', base64: 'aGVsbG8=' });
  });

  it('offers nothing for valid base64 or text that is not base64 at all', () => {
    expect(base64Repair('aGk=')).toBeNull();
    expect(base64Repair('')).toBeNull();
    expect(base64Repair('not base64!')).toBeNull();
    expect(base64Repair('a')).toBeNull();
    expect(base64Repair('ab+_')).toBeNull();
  });

  it('turns any URL-safe, unpadded encoding back into the standard one of the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.boolean(), fc.boolean(), (bytes, safe, strip) => {
        const standard = bytesToBase64(bytes);
        let variant = safe ? urlSafe(standard) : standard;
        if (strip) variant = variant.replace(/=+$/, '');
        const repaired = base64Repair(variant);
        if (variant === standard) expect(repaired).toBeNull();
        else if (repaired) expect(repaired.base64).toBe(standard);
        else expect(variant).toBe(standard); // unreachable: a changed encoding always repairs
      }),
    );
  });
});
