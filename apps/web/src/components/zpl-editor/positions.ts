import type { ZplWarning } from '@lab/core/labels/zpl';

/** Byte offsets (UTF-8) of every UTF-16 position of a text, for byte → character lookups. */
function byteOffsets(text: string): Uint32Array {
  const out = new Uint32Array(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    out[i] = bytes;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      out[++i] = bytes; // the low surrogate sits after the whole character
      continue;
    }
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  out[text.length] = bytes;
  return out;
}

const cache = new WeakMap<object, { text: string; offsets: Uint32Array }>();
const key = {};

function offsetsOf(text: string): Uint32Array {
  const hit = cache.get(key);
  if (hit && hit.text === text) return hit.offsets;
  const offsets = byteOffsets(text);
  cache.set(key, { text, offsets });
  return offsets;
}

/** The character index of a byte offset (the first character starting at or after it). */
export function charIndexOfByte(text: string, byteIndex: number): number {
  const offsets = offsetsOf(text);
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! < byteIndex) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a warning sits in the text, in characters (at least one character wide when possible). */
export function warningRange(text: string, w: ZplWarning): { from: number; to: number } {
  const from = Math.min(text.length, charIndexOfByte(text, w.byteIndex));
  const to = Math.min(
    text.length,
    Math.max(from + (text.length > from ? 1 : 0), charIndexOfByte(text, w.byteIndex + w.byteSize)),
  );
  return { from, to };
}

/** Line and column, both from 1, of a warning. */
export function warningLineColumn(text: string, w: ZplWarning): { line: number; column: number } {
  const at = charIndexOfByte(text, w.byteIndex);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}
