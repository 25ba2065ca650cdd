/**
 * Finding and indenting XML documents inside log text: a small tokenizer (tags, text, comments,
 * CDATA, processing instructions) that accepts a document only when its tags balance.
 */

type XmlToken =
  | { kind: 'open'; name: string; raw: string }
  | { kind: 'close'; name: string; raw: string }
  | { kind: 'empty'; name: string; raw: string }
  | { kind: 'other'; raw: string }
  | { kind: 'text'; raw: string };

/** A document longer than this is left as text (bounds the work a stray `<` can cause). */
const MAX_XML_LENGTH = 2_000_000;
const TAG = /<\/?([A-Za-z_][\w.:-]*)(?:\s+[^<>]*?)?\s*(\/?)>/y;
const SPECIAL = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/y;

/**
 * The balanced XML document starting at `start` (`<` of a prolog or root element): its tokens and
 * end offset, or undefined when the text there is not a well-nested document.
 */
export function scanXml(text: string, start: number): { end: number; tokens: XmlToken[] } | undefined {
  const tokens: XmlToken[] = [];
  const stack: string[] = [];
  let i = start;
  let sawRoot = false;
  const limit = Math.min(text.length, start + MAX_XML_LENGTH);
  while (i < limit) {
    if (text[i] === '<') {
      SPECIAL.lastIndex = i;
      const special = SPECIAL.exec(text);
      if (special) {
        tokens.push({ kind: 'other', raw: special[0] });
        i += special[0].length;
        continue;
      }
      TAG.lastIndex = i;
      const tag = TAG.exec(text);
      if (!tag) return undefined;
      const raw = tag[0];
      const name = tag[1]!;
      if (raw.startsWith('</')) {
        if (stack.pop() !== name) return undefined;
        tokens.push({ kind: 'close', name, raw });
      } else if (tag[2] === '/') {
        tokens.push({ kind: 'empty', name, raw });
      } else {
        stack.push(name);
        tokens.push({ kind: 'open', name, raw });
      }
      sawRoot = true;
      i += raw.length;
      if (stack.length === 0) return { end: i, tokens };
      continue;
    }
    const next = text.indexOf('<', i);
    const stop = next === -1 ? text.length : next;
    // Outside the root element only whitespace may separate the prolog from it.
    if (!sawRoot && text.slice(i, stop).trim() !== '') return undefined;
    if (stack.length > 0) tokens.push({ kind: 'text', raw: text.slice(i, stop) });
    i = stop;
  }
  return undefined;
}

/** Indents XML tokens two spaces per level; an element holding only text stays on one line. */
export function prettyXml(
  tokens: XmlToken[],
  mapText: (elementName: string, text: string) => string = (_, t) => t,
): string {
  const lines: string[] = [];
  const stack: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const pad = '  '.repeat(stack.length);
    if (t.kind === 'open') {
      const text = tokens[k + 1];
      const close = tokens[k + 2];
      if (text?.kind === 'text' && close?.kind === 'close' && close.name === t.name) {
        lines.push(`${pad}${t.raw}${mapText(t.name, text.raw.trim())}${close.raw}`);
        k += 2;
        continue;
      }
      if (text?.kind === 'close' && text.name === t.name) {
        lines.push(`${pad}${t.raw}${text.raw}`);
        k += 1;
        continue;
      }
      lines.push(pad + t.raw);
      stack.push(t.name);
    } else if (t.kind === 'close') {
      stack.pop();
      lines.push('  '.repeat(stack.length) + t.raw);
    } else if (t.kind === 'text') {
      if (t.raw.trim() !== '') lines.push(pad + mapText(stack[stack.length - 1] ?? '', t.raw.trim()));
    } else {
      lines.push(pad + t.raw);
    }
  }
  return lines.join('\n');
}
