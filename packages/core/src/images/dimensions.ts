/*
 * An image's pixel size read from its header, before anything decodes it: a 31 KB PNG may declare
 * 16000 × 16000 pixels (1 GB of RGBA once decoded). The server's graphics route, `lab print-agent`
 * and the browser's image tools check this first and refuse what is past the limit.
 */

export type ImageKind = 'png' | 'jpeg' | 'bmp' | 'gif' | 'webp';

export interface ImageDimensions {
  kind: ImageKind;
  width: number;
  height: number;
}

/** Largest image accepted, in pixels (width × height): 40 MP, beyond a 24 dpmm 8 × 12 in label. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const i32le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24);
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT C4, JPG C8, DAC CC) gives height, width. */
function jpegDimensions(b: Uint8Array): ImageDimensions | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { kind: 'jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

function webpDimensions(b: Uint8Array): ImageDimensions | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) return { kind: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { kind: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return undefined;
}

/** The kind and declared size of a PNG, JPEG, BMP, GIF or WebP from its first bytes; undefined if unknown or truncated. */
export function imageDimensions(b: Uint8Array): ImageDimensions | undefined {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') {
    return { kind: 'png', width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegDimensions(b);
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    return { kind: 'bmp', width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
  }
  if (b.length >= 10 && ascii(b, 0, 4) === 'GIF8') return { kind: 'gif', width: u16le(b, 6), height: u16le(b, 8) };
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpDimensions(b);
  return undefined;
}

/** Why an image of this size is refused (too many pixels, or none), or undefined when it is fine. */
export function imageSizeProblem(
  size: { width: number; height: number },
  maxPixels: number = MAX_IMAGE_PIXELS,
): string | undefined {
  const { width, height } = size;
  if (!(width > 0 && height > 0)) return 'the image has no pixels';
  if (width * height > maxPixels) {
    return `the image is too large: ${width} × ${height} pixels (at most ${maxPixels})`;
  }
  return undefined;
}
