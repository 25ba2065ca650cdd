import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageDimensions, imageSizeProblem, MAX_IMAGE_PIXELS } from './dimensions.js';

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];

/** A PNG signature and IHDR chunk declaring w × h (no pixel data: the header alone is read). */
const pngHeader = (w: number, h: number) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    13,
    10,
    26,
    10,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    ...u32be(w),
    ...u32be(h),
    8,
    6,
    0,
    0,
    0,
  ]);
const jpegHeader = (w: number, h: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...new Array(14).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    ...u16be(h),
    ...u16be(w),
    3,
    0,
    0,
  ]);
const bmpHeader = (w: number, h: number) =>
  new Uint8Array([0x42, 0x4d, ...new Array(16).fill(0), ...u32le(w), ...u32le(h), 1, 0, 24, 0]);
const gifHeader = (w: number, h: number) =>
  new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, ...u16le(w), ...u16le(h)]);

describe('image dimensions from the header', () => {
  it('reads PNG, JPEG, BMP (either direction) and GIF sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65_535 }), fc.integer({ min: 1, max: 65_535 }), (w, h) => {
        expect(imageDimensions(pngHeader(w, h))).toEqual({ kind: 'png', width: w, height: h });
        expect(imageDimensions(jpegHeader(w, h))).toEqual({ kind: 'jpeg', width: w, height: h });
        expect(imageDimensions(bmpHeader(w, h))).toEqual({ kind: 'bmp', width: w, height: h });
        expect(imageDimensions(bmpHeader(w, -h >>> 0))).toEqual({ kind: 'bmp', width: w, height: h });
        expect(imageDimensions(gifHeader(w, h))).toEqual({ kind: 'gif', width: w, height: h });
      }),
    );
  });

  it('never throws on arbitrary or truncated bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(40), (bytes, cut) => {
        imageDimensions(bytes);
        imageDimensions(pngHeader(16_000, 16_000).subarray(0, cut));
        imageDimensions(jpegHeader(16_000, 16_000).subarray(0, cut));
      }),
    );
  });

  it('refuses 16000 × 16000 and no pixels, with the exact message', () => {
    expect(imageSizeProblem({ width: 16_000, height: 16_000 })).toBe(
      `the image is too large: 16000 × 16000 pixels (at most ${MAX_IMAGE_PIXELS})`,
    );
    expect(imageSizeProblem({ width: 0, height: 5 })).toBe('the image has no pixels');
    expect(imageSizeProblem({ width: 812, height: 1218 })).toBeUndefined();
  });
});
