/**
 * Image → ZPL graphic field (`^GFA`), and back.
 *
 * An RGBA bitmap (any size) is scaled to a target width in dots, composited on white paper, cut to
 * black/white by a threshold or by Floyd–Steinberg error diffusion, packed 8 dots a byte (1 = black,
 * most significant bit = leftmost dot) and written as the data of `^GFA,total,total,bytesPerRow,…`:
 *
 * - `hex`: ASCII hex with ZPL's run-length compression ("alternative data compression scheme"):
 *   `G`–`Y` repeat the next hex digit 1–19 times, `g`–`z` 20, 40 … 400 times (summed, e.g. `hK` =
 *   45), `,` fills the rest of the row with 0, `!` with 1 (F), `:` repeats the previous row.
 * - `z64`: `:Z64:` + base64 of the zlib-deflated bytes + `:` + CRC-16/CCITT (XMODEM: polynomial
 *   0x1021, initial 0) of the base64 text as four hex digits.
 *
 * Pure: no DOM and no Node APIs, so the screens, the server and the print agent share it.
 */
import { unzlibSync, zlibSync } from 'fflate';
import { lintText } from './warnings.js';

/** Straight (not premultiplied) RGBA, 4 bytes a pixel, rows top to bottom. */
export interface RgbaBitmap {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** One bit a dot, rows of `bytesPerRow` bytes; 1 = black. */
export interface MonoBitmap {
  width: number;
  height: number;
  bytesPerRow: number;
  bits: Uint8Array;
}

export type GraphicDither = 'threshold' | 'floyd-steinberg';
export type GraphicEncoding = 'hex' | 'z64';

export interface GraphicOptions {
  /** Width of the graphic in dots; the height keeps the aspect ratio. Default: the bitmap's width. */
  widthDots?: number;
  /** Default `threshold`. */
  dither?: GraphicDither;
  /** Luminance 0–255 under which a dot is black (threshold) or the rounding point (dithering). Default 128. */
  threshold?: number;
  /** Default `hex` (compressed). */
  encoding?: GraphicEncoding;
  /** Hex only: write plain hex without run-length compression. Default true (compressed). */
  compress?: boolean;
  /** Swap black and white. */
  invert?: boolean;
}

export interface ZplGraphic {
  /** `^GFA,total,total,bytesPerRow,data` (no `^FO`/`^FS`). */
  command: string;
  widthDots: number;
  heightDots: number;
  bytesPerRow: number;
  totalBytes: number;
}

/** Largest graphic the converter writes (dots a side), well past any label at 24 dpmm × 15 in. */
export const MAX_GRAPHIC_DOTS = 9144;

// ---------------------------------------------------------------------------------------------
// Bitmap → 1 bit a dot

/** Luminance 0–255 of every pixel of the scaled bitmap, transparent parts on white paper. */
function scaledLuminance(bitmap: RgbaBitmap, width: number, height: number): Float32Array {
  const { width: sw, height: sh, data } = bitmap;
  const out = new Float32Array(width * height);
  if (sw === 0 || sh === 0) return out.fill(255);
  const lum = new Float32Array(sw * sh);
  for (let i = 0, p = 0; i < lum.length; i++, p += 4) {
    const alpha = (data[p + 3] ?? 255) / 255;
    const l = 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
    lum[i] = l * alpha + 255 * (1 - alpha);
  }
  if (sw === width && sh === height) return lum;
  // Area average over the source pixels a target dot covers (at least one: nearest when enlarging).
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * sh) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * sh) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * sw) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * sw) / width));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += lum[yy * sw + xx]!;
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Size of the graphic for a target width in dots (height keeps the aspect ratio, at least 1 dot). */
export function graphicSize(bitmap: { width: number; height: number }, widthDots?: number) {
  const width = Math.max(1, Math.min(MAX_GRAPHIC_DOTS, Math.round(widthDots ?? bitmap.width)));
  const height =
    bitmap.width === 0
      ? 1
      : Math.max(1, Math.min(MAX_GRAPHIC_DOTS, Math.round((bitmap.height * width) / bitmap.width)));
  return { width, height };
}

/** Scales, composites on white and cuts the bitmap to black/white dots. */
export function bitmapToMono(bitmap: RgbaBitmap, options: GraphicOptions = {}): MonoBitmap {
  const { width, height } = graphicSize(bitmap, options.widthDots);
  const threshold = options.threshold ?? 128;
  const lum = scaledLuminance(bitmap, width, height);
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  const dither = options.dither === 'floyd-steinberg';
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const old = lum[i]!;
      const black = old < threshold;
      if (black !== Boolean(options.invert)) bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
      if (!dither) continue;
      const err = old - (black ? 0 : 255);
      if (x + 1 < width) lum[i + 1]! += (err * 7) / 16;
      if (y + 1 < height) {
        if (x > 0) lum[i + width - 1]! += (err * 3) / 16;
        lum[i + width]! += (err * 5) / 16;
        if (x + 1 < width) lum[i + width + 1]! += err / 16;
      }
    }
  }
  return { width, height, bytesPerRow, bits };
}

// ---------------------------------------------------------------------------------------------
// Encoders

const HEX = '0123456789ABCDEF';

function hexOf(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += HEX[bytes[i]! >> 4]! + HEX[bytes[i]! & 15]!;
  return s;
}

/** The repeat-count prefix for n (1–419) copies: `g`–`z` for the twenties, `G`–`Y` for the rest. */
function repeatPrefix(n: number): string {
  const tens = Math.floor(n / 20);
  const ones = n % 20;
  return (tens > 0 ? String.fromCharCode(0x66 + tens) : '') + (ones > 0 ? String.fromCharCode(0x46 + ones) : '');
}

const MAX_RUN = 419;

/**
 * One row of hex digits with ZPL's run-length compression (`,` for a trailing run of zeros).
 * A trailing run of `F` is written with a repeat count, not `!`: printers read `!` as "ones to the
 * end of the row", but the WebAssembly engine our label service renders with reads it as the
 * digit 1, so a graphic using it would preview wrongly. The count costs at most two characters.
 */
export function compressHexRow(row: string): string {
  let end = row.length;
  let tail = '';
  const last = row[end - 1];
  if (last === '0') {
    let start = end;
    while (start > 0 && row[start - 1] === last) start--;
    // A single trailing zero costs the same either way; a run of two or more is cheaper as `,`.
    if (end - start >= 2 || start === 0) {
      tail = ',';
      end = start;
    }
  }
  let out = '';
  for (let i = 0; i < end;) {
    const c = row[i]!;
    let j = i + 1;
    while (j < end && row[j] === c) j++;
    let n = j - i;
    while (n > 0) {
      const take = Math.min(n, MAX_RUN);
      out += take === 1 ? c : repeatPrefix(take) + c;
      n -= take;
    }
    i = j;
  }
  return out + tail;
}

/** Compressed ASCII hex of a whole graphic (`:` for a row equal to the one before). */
export function encodeGraphicHex(mono: MonoBitmap, compress = true): string {
  const { bytesPerRow, height, bits } = mono;
  if (!compress) return hexOf(bits, 0, bytesPerRow * height);
  let out = '';
  let previous: string | undefined;
  for (let y = 0; y < height; y++) {
    const row = hexOf(bits, y * bytesPerRow, (y + 1) * bytesPerRow);
    out += row === previous ? ':' : compressHexRow(row);
    previous = row;
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    s += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    s += b === undefined ? '=' : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    s += c === undefined ? '=' : B64[c & 63]!;
  }
  return s;
}

function fromBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/[\s=]+/g, '');
  if (/[^A-Za-z0-9+/]/.test(clean) || clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bitsHeld = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    value = (value << 6) | B64.indexOf(clean[i]!);
    bitsHeld += 6;
    if (bitsHeld >= 8) {
      bitsHeld -= 8;
      out[o++] = (value >> bitsHeld) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/** CRC-16/CCITT as ZPL checks it after `:Z64:`/`:B64:` data: polynomial 0x1021, initial value 0. */
export function crc16Ccitt(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const crcHex = (text: string) => crc16Ccitt(text).toString(16).toUpperCase().padStart(4, '0');

/** `:Z64:` + base64(zlib(bytes)) + `:` + CRC. */
export function encodeGraphicZ64(bits: Uint8Array): string {
  const b64 = toBase64(zlibSync(bits, { level: 9 }));
  return `:Z64:${b64}:${crcHex(b64)}`;
}

/** `^GFA,total,total,bytesPerRow,data` for a 1-bit bitmap. */
export function monoToGraphicField(mono: MonoBitmap, encoding: GraphicEncoding = 'hex', compress = true): ZplGraphic {
  const totalBytes = mono.bytesPerRow * mono.height;
  const data = encoding === 'z64' ? encodeGraphicZ64(mono.bits) : encodeGraphicHex(mono, compress);
  return {
    command: `^GFA,${totalBytes},${totalBytes},${mono.bytesPerRow},${data}`,
    widthDots: mono.width,
    heightDots: mono.height,
    bytesPerRow: mono.bytesPerRow,
    totalBytes,
  };
}

/** RGBA bitmap → `^GFA` graphic command and its size in dots. */
export function imageToZplGraphic(bitmap: RgbaBitmap, options: GraphicOptions = {}): ZplGraphic {
  return monoToGraphicField(bitmapToMono(bitmap, options), options.encoding ?? 'hex', options.compress ?? true);
}

/** A whole label holding only the graphic: `^XA^FOx,y^GFA,…^FS^XZ`. */
export function graphicLabel(graphic: ZplGraphic, origin: { x: number; y: number } = { x: 0, y: 0 }): string {
  return `^XA^FO${origin.x},${origin.y}${graphic.command}^FS^XZ`;
}

/** RGBA bitmap → a label printing it at the top left. */
export function imageToZplLabel(bitmap: RgbaBitmap, options: GraphicOptions = {}): string {
  return graphicLabel(imageToZplGraphic(bitmap, options));
}

// ---------------------------------------------------------------------------------------------
// Decoder (the linter's byte count check, tests, previews)

export type GraphicDecoded =
  { ok: true; bytes: Uint8Array; encoding: 'hex' | 'z64' | 'b64' } | { ok: false; message: string };

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

/**
 * The bytes of `^GF` ASCII data (`A` format): plain or compressed hex, `:Z64:` or `:B64:`. A row
 * left short by the data is completed with zeros; `bytesPerRow` must be at least 1 for hex.
 * Never throws.
 */
export function decodeGraphicData(data: string, bytesPerRow: number): GraphicDecoded {
  const trimmed = data.trim();
  const b64 = /^:(Z64|B64):([^:]*)(?::([0-9A-Fa-f]{4}))?\s*$/i.exec(trimmed);
  if (b64) {
    const kind = b64[1]!.toUpperCase();
    const body = b64[2]!;
    if (b64[3] !== undefined && parseInt(b64[3], 16) !== crc16Ccitt(body)) {
      return { ok: false, message: lintText('graphic-crc', { kind }) };
    }
    const raw = fromBase64(body);
    if (!raw) return { ok: false, message: lintText('graphic-base64', { kind }) };
    if (kind === 'B64') return { ok: true, bytes: raw, encoding: 'b64' };
    try {
      return { ok: true, bytes: unzlibSync(raw), encoding: 'z64' };
    } catch {
      return { ok: false, message: lintText('graphic-inflate') };
    }
  }
  if (!(bytesPerRow >= 1) || !Number.isFinite(bytesPerRow)) {
    return { ok: false, message: lintText('graphic-row') };
  }
  const rowNibbles = Math.floor(bytesPerRow) * 2;
  const nibbles: number[] = [];
  let rowStart = 0;
  let previousRow: number[] | undefined;
  let count = 0;
  const endRow = (fill: number) => {
    while (nibbles.length - rowStart < rowNibbles) nibbles.push(fill);
  };
  const finishRowIfFull = () => {
    if (nibbles.length - rowStart >= rowNibbles) {
      previousRow = nibbles.slice(rowStart, rowStart + rowNibbles);
      rowStart += rowNibbles;
    }
  };
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code >= 0x47 && code <= 0x59) {
      count += code - 0x46; // G–Y: 1–19
      continue;
    }
    if (code >= 0x67 && code <= 0x7a) {
      count += (code - 0x66) * 20; // g–z: 20–400
      continue;
    }
    const v = hexValue(code);
    if (v >= 0) {
      for (let n = Math.max(1, count); n > 0; n--) {
        nibbles.push(v);
        finishRowIfFull();
      }
      count = 0;
      continue;
    }
    count = 0;
    if (code === 0x2c /* , */ || code === 0x21 /* ! */) {
      // At a row boundary the whole row is filled.
      endRow(code === 0x2c ? 0 : 15);
      finishRowIfFull();
    } else if (code === 0x3a /* : */) {
      const source = previousRow ?? new Array<number>(rowNibbles).fill(0);
      for (let k = nibbles.length - rowStart; k < rowNibbles; k++) nibbles.push(source[k]!);
      finishRowIfFull();
    } else if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      continue;
    } else {
      return { ok: false, message: lintText('graphic-char', { char: trimmed[i]! }) };
    }
  }
  if (nibbles.length > rowStart) endRow(0);
  const bytes = new Uint8Array(nibbles.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibbles[2 * i]! << 4) | nibbles[2 * i + 1]!;
  return { ok: true, bytes, encoding: 'hex' };
}
