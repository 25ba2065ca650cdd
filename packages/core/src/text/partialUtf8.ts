import { decodeBytes } from './codepages.js';

/**
 * UTF-8 bytes that were read as Windows-1252 (one character per byte: `text[i]` is `bytes[i]`),
 * decoded as far as they can be: each valid sequence becomes its character; a lead byte followed
 * by a space where the sequence needs a continuation byte is read with 0xA0 there (a copy-paste
 * turned the non-breaking space of `Ã\u00a0` = "à" into a plain space); a sequence cut short by a
 * lost byte becomes U+FFFD; any other byte that starts no valid sequence (an accent that was
 * right all along, a stray continuation byte) keeps its character and is reported in `kept`.
 */
export interface PartialRepair {
  text: string;
  /** [start, end) ranges of `text` left as they were: nothing could be repaired there. */
  kept: [number, number][];
}

const isContinuation = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;

/** The length a lead byte announces; 0 when it starts no sequence. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

export function partialUtf8(text: string, bytes: Uint8Array): PartialRepair {
  let out = '';
  const kept: [number, number][] = [];
  const keep = (ch: string) => {
    const last = kept.at(-1);
    if (last && last[1] === out.length) last[1] += ch.length;
    else kept.push([out.length, out.length + ch.length]);
    out += ch;
  };
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes[i]!);
    if (length === 0) {
      keep(text[i]!);
      i += 1;
      continue;
    }
    const slice = Uint8Array.from(bytes.subarray(i, i + length));
    // A non-breaking space that became a space, where a continuation byte belongs.
    for (let k = 1; k < slice.length; k++) if (slice[k] === 0x20) slice[k] = 0xa0;
    const decoded = slice.length === length ? decodeBytes(slice, 'utf-8') : undefined;
    if (decoded !== undefined) {
      out += decoded;
      i += length;
      continue;
    }
    // Continuation bytes up to the end (or up to a lead): a byte was lost on the way.
    let k = 1;
    while (k < length && isContinuation(bytes[i + k])) k += 1;
    if (k > 1 && (i + k === bytes.length || !isContinuation(bytes[i + k]))) {
      out += '\ufffd';
      i += k;
      continue;
    }
    keep(text[i]!);
    i += 1;
  }
  return { text: out, kept };
}
