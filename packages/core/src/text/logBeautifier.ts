import { isSecretKey, maskJsonSecrets, maskSecretValue, maskTextSecrets } from './secrets.js';
import { prettyXml, scanXml } from './xmlPretty.js';

/**
 * Log beautifier: finds the JSON and XML documents inside pasted log text — several per line,
 * and JSON escaped inside a string (`"{\"a\":1}"`) — pretty-prints them, masks secrets on request
 * and keeps the text around them.
 */

export type LogSegment =
  | { kind: 'text'; text: string }
  | { kind: 'json'; raw: string; pretty: string; /** Was written escaped inside a string. */ escaped: boolean }
  | { kind: 'xml'; raw: string; pretty: string };

export interface BeautifiedLog {
  segments: LogSegment[];
  /** Text and pretty documents joined: what the copy button copies. */
  cleaned: string;
  /** How many secret values were masked. */
  masked: number;
}

/** A document longer than this is left as text (keeps a huge paste with a stray `{` linear-ish). */
const MAX_DOCUMENT_LENGTH = 2_000_000;

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * The characters of `raw` from `start` with where each ends; one escape level is decoded when
 * `escaped` (`\"` reads as `"`), and an unescaped `"` there ends the enclosing string.
 */
function* readChars(raw: string, start: number, escaped: boolean): Generator<{ ch: string; end: number }> {
  const limit = Math.min(raw.length, start + MAX_DOCUMENT_LENGTH);
  let i = start;
  while (i < limit) {
    const ch = raw[i]!;
    if (!escaped) {
      yield { ch, end: ++i };
      continue;
    }
    if (ch === '"') return;
    if (ch !== '\\') {
      yield { ch, end: ++i };
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) return;
    const hex = raw.slice(i + 2, i + 6);
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
      yield { ch: String.fromCharCode(parseInt(hex, 16)), end: (i += 6) };
    } else {
      yield { ch: SIMPLE_ESCAPES[next] ?? next, end: (i += 2) };
    }
  }
}

/** The balanced JSON text starting at `start` and where it ends in `raw`, strings respected. */
function scanJson(raw: string, start: number, escaped: boolean): { json: string; end: number } | undefined {
  if (!escaped) {
    // The common case without the generator: the JSON text is a slice of the input.
    const end = balancedEnd(raw, start, Math.min(raw.length, start + MAX_DOCUMENT_LENGTH));
    return end === undefined ? undefined : { json: raw.slice(start, end), end };
  }
  const chars: string[] = [];
  const state = newScanState();
  for (const { ch, end } of readChars(raw, start, true)) {
    chars.push(ch);
    const verdict = step(state, ch);
    if (verdict === 'bad') return undefined;
    if (verdict === 'done') return { json: chars.join(''), end };
  }
  return undefined;
}

interface ScanState {
  closers: string[];
  inString: boolean;
  escapeNext: boolean;
}

const newScanState = (): ScanState => ({ closers: [], inString: false, escapeNext: false });

/** Feeds one character to the bracket matcher: `done` when the document closed, `bad` on a mismatch. */
function step(st: ScanState, ch: string): 'more' | 'done' | 'bad' {
  if (st.inString) {
    if (st.escapeNext) st.escapeNext = false;
    else if (ch === '\\') st.escapeNext = true;
    else if (ch === '"') st.inString = false;
    return 'more';
  }
  if (ch === '"') st.inString = true;
  else if (ch === '{') st.closers.push('}');
  else if (ch === '[') st.closers.push(']');
  else if (ch === '}' || ch === ']') {
    if (st.closers.pop() !== ch) return 'bad';
    if (st.closers.length === 0) return 'done';
  }
  return 'more';
}

function balancedEnd(raw: string, start: number, limit: number): number | undefined {
  const state = newScanState();
  for (let i = start; i < limit; i++) {
    const verdict = step(state, raw[i]!);
    if (verdict === 'bad') return undefined;
    if (verdict === 'done') return i + 1;
  }
  return undefined;
}

/** String values that are themselves JSON documents are parsed in place, so they indent too. */
function expandNestedJson(value: unknown): unknown {
  if (typeof value === 'string') {
    const t = value.trim();
    if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
      try {
        const inner: unknown = JSON.parse(t);
        if (inner && typeof inner === 'object') return expandNestedJson(inner);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(expandNestedJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandNestedJson(v)]));
  }
  return value;
}

const containsObject = (v: unknown): boolean =>
  Array.isArray(v) ? v.some((x) => x !== null && typeof x === 'object') : v !== null && typeof v === 'object';

function tryJson(text: string, at: number): { end: number; value: unknown; escaped: boolean } | undefined {
  const after = text.slice(at + 1, at + 40).trimStart();
  const escaped = after.startsWith('\\"');
  const scanned = scanJson(text, at, escaped);
  if (!scanned) return undefined;
  try {
    const value: unknown = JSON.parse(scanned.json);
    // `[INFO]`-like brackets are not documents; an array counts when it holds objects.
    if (!containsObject(value) || (typeof value === 'object' && Object.keys(value as object).length === 0)) {
      return undefined;
    }
    return { end: scanned.end, value, escaped };
  } catch {
    return undefined;
  }
}

export function beautifyLog(input: string, options: { maskSecrets: boolean }): BeautifiedLog {
  const counter = { count: 0 };
  const segments: LogSegment[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end <= textStart) return;
    const raw = input.slice(textStart, end);
    segments.push({ kind: 'text', text: options.maskSecrets ? maskTextSecrets(raw, counter) : raw });
  };
  // Where the next `</name` is, per element name (-1: none): an element that is never closed,
  // like `<br>` in HTML text, costs one search in total rather than a scan to the end each time.
  const nextClose = new Map<string, number>();
  const mayCloseLater = (at: number): boolean => {
    const open = /^<([A-Za-z_][\w.:-]*)[^<>]*?(\/?)>/.exec(input.slice(at, at + 4096));
    if (!open) return input.startsWith('<?xml', at);
    if (open[2] === '/') return true;
    const name = open[1]!;
    const known = nextClose.get(name);
    if (known !== undefined && (known === -1 || known > at)) return known !== -1;
    const found = input.indexOf(`</${name}`, at);
    nextClose.set(name, found);
    return found !== -1;
  };
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '{' || ch === '[') {
      const found = tryJson(input, i);
      if (found) {
        pushText(i);
        const expanded = expandNestedJson(found.value);
        const shown = options.maskSecrets ? maskJsonSecrets(expanded, counter) : expanded;
        segments.push({
          kind: 'json',
          raw: input.slice(i, found.end),
          pretty: JSON.stringify(shown, null, 2),
          escaped: found.escaped,
        });
        i = textStart = found.end;
        continue;
      }
    } else if (ch === '<' && /^<(\?xml|[A-Za-z_])/.test(input.slice(i, i + 6)) && mayCloseLater(i)) {
      const found = scanXml(input, i);
      if (found && found.tokens.some((t) => t.kind === 'open' || t.kind === 'empty')) {
        pushText(i);
        const mapText = (element: string, text: string) => {
          const local = element.includes(':') ? element.slice(element.indexOf(':') + 1) : element;
          if (!options.maskSecrets || !isSecretKey(local) || text === '') return text;
          counter.count++;
          return maskSecretValue(text);
        };
        segments.push({ kind: 'xml', raw: input.slice(i, found.end), pretty: prettyXml(found.tokens, mapText) });
        i = textStart = found.end;
        continue;
      }
    }
    i++;
  }
  pushText(input.length);
  return { segments, cleaned: joinCleaned(segments), masked: counter.count };
}

/** Each document on lines of its own, the text around it as it was (trailing blanks trimmed). */
function joinCleaned(segments: LogSegment[]): string {
  const parts: string[] = [];
  let endsWithNewline = true;
  for (const s of segments) {
    if (s.kind === 'text') {
      parts.push(s.text);
      if (s.text !== '') endsWithNewline = s.text.endsWith('\n');
      continue;
    }
    const last = parts.length - 1;
    if (last >= 0 && !endsWithNewline) parts[last] = parts[last]!.replace(/[ \t]+$/, '') + '\n';
    parts.push(s.pretty + '\n');
    endsWithNewline = true;
  }
  return parts
    .join('')
    .replace(/\n[ \t]*\n(?=[ \t]*\n)/g, '\n')
    .replace(/\n+$/, '\n');
}
