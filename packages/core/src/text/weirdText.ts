import { decodeHTML } from 'entities';
import { checkBase64 } from './base64.js';
import { decodeBytes, decodeLenient, encodeText, type Codepage, type DecodableCodepage } from './codepages.js';
import { partialUtf8 } from './partialUtf8.js';
import { textPlausibility } from './textScore.js';

/**
 * Weird-text repair: undo the usual ways text gets garbled between systems — bytes decoded with
 * the wrong code page (mojibake) and escapes nobody decoded — trying each transformation and
 * every chain of two, and ranking what comes out by how plausible it reads.
 */

export interface WeirdTextTransform {
  id: string;
  /** Shown with each candidate. */
  label: string;
  /** The repaired text, or undefined when the transformation does not apply. */
  apply(text: string): string | undefined;
}

export interface WeirdTextCandidate {
  text: string;
  /** Transformation ids, in the order applied. */
  steps: string[];
  /** The label of each step. */
  labels: string[];
  /** Labels joined with " → ". */
  transformation: string;
  score: number;
  /** The text is mostly damage nobody can undo (see `isUnrecoverableText`): ranked last, tagged. */
  unrecoverable: boolean;
  /** [start, end) ranges of `text` left as they were because they could not be repaired. */
  kept: [number, number][];
}

/** Replacement characters (U+FFFD) written as UTF-8 and read as GBK: the bytes are gone for good. */
const REPLACEMENT_AS_GBK = /锟斤拷/;

/**
 * Text no transformation can bring back: it holds 锟斤拷 (replacement characters read as GBK), or
 * at least half of its visible characters are replacement characters (U+FFFD) or '?' (what a
 * writer puts where its code page had no character). A lone U+FFFD in a repair that kept the rest
 * ("中文乱\uFFFD") is still a useful repair, so it is not counted as unrecoverable.
 */
export function isUnrecoverableText(text: string): boolean {
  if (REPLACEMENT_AS_GBK.test(text)) return true;
  const visible = [...text].filter((ch) => ch.trim() !== '');
  if (visible.length === 0) return false;
  const lost = visible.filter((ch) => ch === '\ufffd' || ch === '?').length;
  return lost * 2 >= visible.length;
}

/**
 * Best first: readable repairs before unrecoverable ones, then by plausibility; on equal scores the
 * shorter text wins (a right decode packs more bytes into each character), then the shorter chain.
 */
export function rankRepairs(candidates: WeirdTextCandidate[]): WeirdTextCandidate[] {
  return [...candidates].sort(
    (a, b) =>
      Number(a.unrecoverable) - Number(b.unrecoverable) ||
      b.score - a.score ||
      a.text.length - b.text.length ||
      a.steps.length - b.steps.length,
  );
}

/** Text was bytes in `actual` decoded as if `readAs`: re-encode as `readAs`, decode as `actual`. */
function misread(actual: DecodableCodepage, readAs: Codepage) {
  return (text: string): string | undefined => {
    if (!/[^\p{ASCII}]/u.test(text)) return undefined;
    const bytes = encodeText(text, readAs);
    if (!bytes) return undefined;
    // Windows-1252 has no character for five bytes, so that misreading often loses one: keep what
    // decodes, the replacement characters cost the candidate its rank. UTF-8 is repaired where it
    // can be and the rest kept as it was (partialUtf8).
    const whole = decodeBytes(bytes, actual);
    if (whole !== undefined || readAs !== 'windows-1252') return whole;
    return actual === 'utf-8' ? partialUtf8(text, bytes).text : decodeLenient(bytes, actual);
  };
}

/** Bytes (from escapes) as text: UTF-8 if valid, else GBK, else one character per byte. */
function bytesToText(bytes: number[]): string {
  const b = Uint8Array.from(bytes);
  return decodeBytes(b, 'utf-8') ?? decodeBytes(b, 'gbk') ?? String.fromCharCode(...bytes);
}

/** Replaces runs of byte escapes (`%E5%8C`, `\xe5\x8c`, `=E5=8C`) with their decoded text. */
function decodeByteRuns(text: string, run: RegExp, byte: RegExp): string | undefined {
  if (!run.test(text)) return undefined;
  run.lastIndex = 0;
  return text.replace(run, (m) => bytesToText([...m.matchAll(byte)].map((x) => parseInt(x[1]!, 16))));
}

function unescapeBackslashes(text: string): string | undefined {
  if (!/\\(u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2})/.test(text)) return undefined;
  const withBytes = decodeByteRuns(text, /(?:\\x[0-9a-fA-F]{2})+/g, /\\x([0-9a-fA-F]{2})/g) ?? text;
  return withBytes
    .replace(/\\u\{([0-9a-fA-F]{1,6})\}/g, (m, hex: string) => {
      const cp = parseInt(hex, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    })
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Control characters other than tab, line breaks and form feed, and the replacement character. */
function isBinaryCharacter(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (cp < 0x20 && !'\t\n\v\f\r'.includes(ch)) || cp === 0x7f || cp === 0xfffd;
}

function decodeBase64Text(text: string): string | undefined {
  const check = checkBase64(text);
  if (!check.ok || check.base64.length < 8) return undefined;
  const decoded = decodeBytes(check.bytes, 'utf-8') ?? decodeBytes(check.bytes, 'gbk');
  // Binary payloads are not text repairs.
  if (decoded === undefined || [...decoded].some(isBinaryCharacter)) return undefined;
  return decoded;
}

function decodeQuotedPrintable(text: string): string | undefined {
  if (!/=[0-9A-F]{2}/.test(text)) return undefined;
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...encodeText(joined[i]!, 'utf-8')!);
    }
  }
  return decodeBytes(Uint8Array.from(bytes), 'utf-8');
}

export const WEIRD_TEXT_TRANSFORMS: WeirdTextTransform[] = [
  { id: 'utf8-as-1252', label: 'UTF-8 read as Latin-1/Windows-1252', apply: misread('utf-8', 'windows-1252') },
  { id: 'utf8-as-gbk', label: 'UTF-8 read as GBK', apply: misread('utf-8', 'gbk') },
  { id: 'gbk-as-utf8', label: 'GBK read as UTF-8', apply: misread('gbk', 'utf-8') },
  { id: 'gbk-as-1252', label: 'GBK read as Latin-1/Windows-1252', apply: misread('gbk', 'windows-1252') },
  { id: 'escapes', label: '\\uXXXX / \\xXX escapes', apply: unescapeBackslashes },
  {
    id: 'url',
    label: 'URL encoding (%XX)',
    apply: (t) => decodeByteRuns(t, /(?:%[0-9a-fA-F]{2})+/g, /%([0-9a-fA-F]{2})/g),
  },
  {
    id: 'html',
    label: 'HTML entities',
    apply: (t) => (/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(t) ? decodeHTML(t) : undefined),
  },
  { id: 'base64', label: 'Base64', apply: decodeBase64Text },
  { id: 'qp', label: 'Quoted-printable', apply: decodeQuotedPrintable },
];

const labelOf = new Map(WEIRD_TEXT_TRANSFORMS.map((t) => [t.id, t.label]));

/** What a last step of UTF-8 read as Windows-1252 left as it was in `from`'s repair. */
function keptOf(from: string, steps: string[]): [number, number][] {
  if (steps.at(-1) !== 'utf8-as-1252') return [];
  const bytes = encodeText(from, 'windows-1252');
  if (!bytes || decodeBytes(bytes, 'utf-8') !== undefined) return [];
  return partialUtf8(from, bytes).kept;
}

function candidate(text: string, steps: string[], from: string): WeirdTextCandidate {
  const labels = steps.map((s) => labelOf.get(s) ?? s);
  return {
    text,
    steps,
    labels,
    transformation: labels.join(' → '),
    score: textPlausibility(text),
    unrecoverable: isUnrecoverableText(text),
    kept: keptOf(from, steps),
  };
}

function applyAll(text: string): { id: string; out: string }[] {
  const results: { id: string; out: string }[] = [];
  for (const t of WEIRD_TEXT_TRANSFORMS) {
    const out = t.apply(text);
    if (out !== undefined && out !== text && out.trim() !== '') results.push({ id: t.id, out });
  }
  return results;
}

/**
 * Ranked repairs of `input`: every single transformation and chain of two whose result reads more
 * plausibly than what it was applied to; best first (unrecoverable ones last), at most `limit`.
 */
export function repairWeirdText(input: string, limit = 10): WeirdTextCandidate[] {
  const base = textPlausibility(input);
  const best = new Map<string, WeirdTextCandidate>();
  const keep = (c: WeirdTextCandidate) => {
    const seen = best.get(c.text);
    if (!seen || c.steps.length < seen.steps.length) best.set(c.text, c);
  };
  for (const first of applyAll(input)) {
    const one = candidate(first.out, [first.id], input);
    if (one.score > base) keep(one);
    for (const second of applyAll(first.out)) {
      const two = candidate(second.out, [first.id, second.id], first.out);
      if (two.score > Math.max(base, one.score) && two.text !== input) keep(two);
    }
  }
  return rankRepairs([...best.values()]).slice(0, limit);
}
