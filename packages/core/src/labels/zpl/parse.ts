/**
 * A tokenizer/parser for ZPL II that never throws. It works on bytes so every token keeps its byte
 * offset and length (the linter reports byte indexes, as the public ZPL service does), and follows
 * prefix changes as it reads: `^CC`/`~CC` (format prefix, `^`), `^CT`/`~CT` (control prefix, `~`),
 * `^CD`/`~CD` (parameter delimiter, `,`).
 *
 * - A command is its prefix, two letters (`^A` takes one: the font follows as the first parameter),
 *   then parameters split by the delimiter up to the next format prefix (or a known control command).
 * - Field data (`^FD`, `^FV`) and comments (`^FX`) run to the next format prefix; the control prefix
 *   and the delimiter are data there.
 * - `^GF` / `~DY` binary data (`B` format) is taken by its declared byte count.
 * - `^CC`, `^CD`, `^CT` take exactly the next byte.
 */
import { bytesToText } from '../../json/index.js';
import { commandSpec } from './commands.js';

declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };

export interface ZplParam {
  /** The parameter's text, whitespace around it removed. */
  text: string;
  /** Byte offset and length of `text` in the input (an empty parameter has length 0). */
  offset: number;
  length: number;
}

export interface ZplCommand {
  type: 'command';
  /** `^` = format command, `~` = control command (whatever characters the prefixes are now). */
  kind: '^' | '~';
  /** Upper-case code: `FO`, `A`, `BC`, `GF`, `DG` … (`A` for `^A0`, `^AD`, `^A@` …). */
  code: string;
  /** `^FO`, `~DG`: the canonical name (default prefixes). */
  name: string;
  /** Byte offset of the prefix and byte length of the whole command (prefix, code, parameters). */
  offset: number;
  length: number;
  params: ZplParam[];
}

/** Bytes between commands that are not whitespace (ignored by printers). */
export interface ZplStrayText {
  type: 'text';
  text: string;
  offset: number;
  length: number;
}

export type ZplToken = ZplCommand | ZplStrayText;

export interface ZplDocument {
  bytes: Uint8Array;
  tokens: ZplToken[];
}

/** Commands whose one parameter is all text up to the next format prefix. */
const DATA_COMMANDS = new Set(['FD', 'FV', 'FX']);
/** Commands whose parameter is exactly one character. */
const CHAR_COMMANDS = new Set(['CC', 'CD', 'CT']);

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isAlnum = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x40;

export function toZplBytes(input: string | Uint8Array): Uint8Array {
  return typeof input === 'string' ? new TextEncoder().encode(input) : input;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + 0x8000)));
  return s;
}

/** Tokenizes ZPL. Never throws: anything unreadable becomes stray text or an unknown command. */
export function parseZpl(input: string | Uint8Array): ZplDocument {
  const bytes = toZplBytes(input);
  const n = bytes.length;
  const tokens: ZplToken[] = [];
  let format = 0x5e; // ^
  let control = 0x7e; // ~
  let delimiter = 0x2c; // ,

  /** A param over [from, to), trimmed of whitespace. */
  const param = (from: number, to: number): ZplParam => {
    let a = from;
    let b = to;
    while (a < b && isSpace(bytes[a]!)) a++;
    while (b > a && isSpace(bytes[b - 1]!)) b--;
    return { text: bytesToText(bytes.subarray(a, b)), offset: a, length: b - a };
  };
  /** Field data keeps inner whitespace; only CR/LF are dropped later by readers. */
  const rawParam = (from: number, to: number): ZplParam => ({
    text: bytesToText(bytes.subarray(from, to)),
    offset: from,
    length: to - from,
  });

  /** A control command starts here (prefix + a known control code). */
  const controlCommandAt = (i: number) => {
    if (bytes[i] !== control || i + 3 > n) return false;
    return commandSpec('~', latin1(bytes, i + 1, i + 3).toUpperCase()) !== undefined;
  };
  /** Where the parameters of a command starting its parameters at `from` end. */
  const paramsEnd = (from: number, dataOnly: boolean) => {
    let i = from;
    while (i < n) {
      const b = bytes[i]!;
      if (b === format) break;
      if (!dataOnly && b === control && controlCommandAt(i)) break;
      i++;
    }
    return i;
  };
  const split = (from: number, to: number, limit = Infinity): ZplParam[] => {
    const out: ZplParam[] = [];
    let start = from;
    for (let i = from; i < to && out.length < limit - 1; i++) {
      if (bytes[i] === delimiter) {
        out.push(param(start, i));
        start = i + 1;
      }
    }
    out.push(param(start, to));
    return out;
  };

  let i = 0;
  let strayStart = -1;
  const flushStray = (end: number) => {
    if (strayStart < 0) return;
    let a = strayStart;
    let b = end;
    while (a < b && isSpace(bytes[a]!)) a++;
    while (b > a && isSpace(bytes[b - 1]!)) b--;
    if (b > a) tokens.push({ type: 'text', text: bytesToText(bytes.subarray(a, b)), offset: a, length: b - a });
    strayStart = -1;
  };

  while (i < n) {
    const b = bytes[i]!;
    const isFormat = b === format;
    const isControl = !isFormat && b === control;
    if (!isFormat && !isControl) {
      if (strayStart < 0) strayStart = i;
      i++;
      continue;
    }
    flushStray(i);
    const kind: '^' | '~' = isFormat ? '^' : '~';
    const start = i;
    let p = i + 1;
    let code: string;
    if (p < n && (bytes[p] === 0x41 || bytes[p] === 0x61) && kind === '^') {
      code = 'A';
      p += 1;
    } else {
      let len = 0;
      while (len < 2 && p + len < n && isAlnum(bytes[p + len]!)) len++;
      code = latin1(bytes, p, p + len).toUpperCase();
      p += len;
    }
    const params: ZplParam[] = [];
    let end: number;
    if (CHAR_COMMANDS.has(code)) {
      if (p < n) {
        params.push({ text: latin1(bytes, p, p + 1), offset: p, length: 1 });
        const c = bytes[p]!;
        if (code === 'CC') format = c;
        else if (code === 'CT') control = c;
        else delimiter = c;
        p += 1;
      }
      end = p;
    } else if (DATA_COMMANDS.has(code) && kind === '^') {
      end = paramsEnd(p, true);
      params.push(rawParam(p, end));
    } else if (code === 'A' && kind === '^') {
      // ^Afo,h,w[,d:name]: the font name is the character right after ^A.
      if (p < n && bytes[p] !== format && !(bytes[p] === control && controlCommandAt(p)) && !isSpace(bytes[p]!)) {
        params.push({ text: latin1(bytes, p, p + 1), offset: p, length: 1 });
        p += 1;
      } else {
        params.push({ text: '', offset: p, length: 0 });
      }
      end = paramsEnd(p, false);
      params.push(...split(p, end));
    } else if ((code === 'GF' && kind === '^') || (code === 'DG' && kind === '~') || (code === 'DY' && kind === '~')) {
      // The data is the last parameter: to the next format prefix, or a declared byte count (binary).
      const fixed = code === 'GF' ? 4 : code === 'DG' ? 3 : 5;
      const head: ZplParam[] = [];
      let q = p;
      let s = p;
      while (q < n && head.length < fixed && bytes[q] !== format) {
        if (bytes[q] === delimiter) {
          head.push(param(s, q));
          s = q + 1;
        }
        q++;
      }
      params.push(...head);
      if (head.length < fixed) {
        end = paramsEnd(s, false);
        params.push(...split(s, end));
      } else {
        const binary =
          (code === 'GF' && head[0]!.text.toUpperCase() === 'B') ||
          (code === 'DY' && head[1]!.text.toUpperCase() === 'B');
        const count = binary ? Number((code === 'GF' ? head[1] : head[3])?.text) : NaN;
        if (Number.isInteger(count) && count >= 0) {
          end = Math.min(n, s + count);
        } else {
          end = paramsEnd(s, false);
        }
        params.push(binary ? rawParam(s, end) : param(s, end));
      }
    } else {
      end = paramsEnd(p, false);
      if (end > p) params.push(...split(p, end));
    }
    // The command's length stops at its last non-space byte.
    let last = end;
    while (last > p && isSpace(bytes[last - 1]!)) last--;
    tokens.push({
      type: 'command',
      kind,
      code,
      name: (kind === '^' ? '^' : '~') + code,
      offset: start,
      length: Math.max(1, last - start),
      params,
    });
    i = Math.max(end, start + 1);
  }
  flushStray(n);
  return { bytes, tokens };
}

/** Line and column (both from 1, column in characters) of a byte offset in UTF-8 text. */
export function positionOfByte(text: string, byteIndex: number): { line: number; column: number; index: number } {
  let bytesSeen = 0;
  let line = 1;
  let lineStart = 0;
  let k = 0;
  for (; k < text.length && bytesSeen < byteIndex; k++) {
    const c = text.codePointAt(k)!;
    bytesSeen += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (c > 0xffff) k++;
    if (c === 0x0a) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: k - lineStart + 1, index: k };
}
