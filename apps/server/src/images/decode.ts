import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageDimensions, imageSizeProblem, MAX_IMAGE_PIXELS } from '@lab/core/images';
import type { RgbaBitmap } from '@lab/core/labels/zpl';

/*
 * Image decoding shared by the server's modules and tools: the labels module (the graphic job of
 * its render workers, the upload check of its image route, the PNG post-processing) and
 * `lab print-agent` (print-relay's /convert, which runs on the user's machine, outside any app, so
 * it cannot use the labels module's service). Pure and stateless; not in @lab/core because it
 * needs pngjs and jpeg-js, which the browser bundle must not carry.
 */

/** Images the graphic converter reads. */
type ImageKind = 'png' | 'jpeg' | 'bmp';

/** An upload that is not a PNG, JPEG or BMP image we can read. */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError';
}

/**
 * Why these bytes are refused before decoding (the size their header declares is past
 * MAX_IMAGE_PIXELS: a 31 KB PNG may declare 16000 × 16000), or undefined.
 */
export function imageHeaderProblem(bytes: Uint8Array): string | undefined {
  const size = imageDimensions(bytes);
  return size ? imageSizeProblem(size) : undefined;
}

export function detectImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return undefined;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** PNG, JPEG or BMP bytes → straight RGBA. Throws ImageDecodeError with a readable message. */
export function decodeImage(bytes: Uint8Array): RgbaBitmap {
  const kind = detectImageKind(bytes);
  if (!kind) throw new ImageDecodeError('the file is not a PNG, JPEG or BMP image');
  const tooLarge = imageHeaderProblem(bytes);
  if (tooLarge) throw new ImageDecodeError(tooLarge);
  try {
    if (kind === 'png') {
      const png = PNG.sync.read(asBuffer(bytes));
      checkPixels(png.width, png.height);
      return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
    }
    if (kind === 'jpeg') {
      const img = jpeg.decode(asBuffer(bytes), {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6,
        maxMemoryUsageInMB: 512,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
    return decodeBmp(bytes);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new ImageDecodeError(`cannot read the ${kind.toUpperCase()} image: ${reason}`);
  }
}

/**
 * Throws ImageDecodeError unless the bytes are a PNG, JPEG or BMP whose header is within
 * MAX_IMAGE_PIXELS and whose pixel data decodes: the rule every path that hands an image to a
 * decoder of its own (the label check's bar code reader) applies first.
 */
export function assertDecodableImage(bytes: Uint8Array): void {
  decodeImage(bytes);
}

function checkPixels(width: number, height: number) {
  const problem = imageSizeProblem({ width, height });
  if (problem) throw new ImageDecodeError(problem);
}

/**
 * Windows bitmap: BITMAPINFOHEADER and later headers, 1/4/8-bit palette, 16/24/32-bit (BI_RGB or
 * BI_BITFIELDS), bottom-up or top-down. RLE-compressed bitmaps are refused.
 */
function decodeBmp(bytes: Uint8Array): RgbaBitmap {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 26) throw new ImageDecodeError('cannot read the BMP image: the file is truncated');
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) throw new ImageDecodeError('cannot read the BMP image: OS/2 bitmaps are not supported');
  if (bytes.length < 14 + 40) throw new ImageDecodeError('cannot read the BMP image: the file is truncated');
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bpp = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  let colours = view.getUint32(46, true);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  checkPixels(width, height);
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) {
    throw new ImageDecodeError(`cannot read the BMP image: ${bpp} bits a pixel is not supported`);
  }
  if (compression !== 0 && compression !== 3) {
    throw new ImageDecodeError('cannot read the BMP image: compressed (RLE) bitmaps are not supported');
  }
  // Channel masks: BI_BITFIELDS gives them after a 40-byte header (or inside V4/V5 headers).
  let masks =
    bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, bpp === 32 ? 0xff000000 : 0];
  if (compression === 3) {
    const at = 14 + 40;
    if (bytes.length < at + 12) throw new ImageDecodeError('cannot read the BMP image: the file is truncated');
    masks = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true), 0];
    if (headerSize >= 56 && bytes.length >= at + 16) masks[3] = view.getUint32(at + 12, true);
  }
  let palette: Uint8Array | undefined;
  if (bpp <= 8) {
    if (colours === 0) colours = 1 << bpp;
    const at = 14 + headerSize;
    palette = new Uint8Array(256 * 4);
    for (let i = 0; i < Math.min(colours, 256); i++) {
      const p = at + i * 4;
      if (p + 3 >= bytes.length) break;
      palette.set([bytes[p + 2]!, bytes[p + 1]!, bytes[p]!, 255], i * 4);
    }
  }
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) {
    throw new ImageDecodeError('cannot read the BMP image: the pixel data is truncated');
  }
  const channel = (value: number, mask: number) => {
    if (mask === 0) return 255;
    let m = mask >>> 0;
    let shift = 0;
    while ((m & 1) === 0) {
      m >>>= 1;
      shift++;
    }
    return Math.round((((value >>> shift) & m) * 255) / m);
  };
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (palette) {
        const bit = x * bpp;
        const byte = bytes[row + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        data.set(palette.subarray(index * 4, index * 4 + 4), o);
      } else if (bpp === 24) {
        const p = row + x * 3;
        data.set([bytes[p + 2]!, bytes[p + 1]!, bytes[p]!, 255], o);
      } else {
        const value = bpp === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        data[o] = channel(value, masks[0]!);
        data[o + 1] = channel(value, masks[1]!);
        data[o + 2] = channel(value, masks[2]!);
        data[o + 3] = channel(value, masks[3]!);
      }
    }
  }
  // A 32-bit bitmap whose alpha is all zero means "no alpha" (common writers leave it unset).
  if (bpp === 32 && masks[3] !== 0) {
    let anyAlpha = false;
    for (let i = 3; i < data.length && !anyAlpha; i += 4) anyAlpha = data[i] !== 0;
    if (!anyAlpha) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  }
  return { width, height, data };
}

/** An 8-bit grayscale raster, the form the engine draws labels in. */
export interface GrayImage {
  width: number;
  height: number;
  gray: Uint8Array;
}

/** Any PNG → grayscale, transparent pixels composited on white paper (refused from its header when too large). */
export function decodeGray(png: Uint8Array): GrayImage {
  const tooLarge = imageHeaderProblem(png);
  if (tooLarge) throw new ImageDecodeError(tooLarge);
  const img = PNG.sync.read(asBuffer(png));
  const gray = new Uint8Array(img.width * img.height);
  const d = img.data;
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    const alpha = d[p + 3]! / 255;
    const luminance = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
    gray[i] = Math.round(luminance * alpha + 255 * (1 - alpha));
  }
  return { width: img.width, height: img.height, gray };
}
