import DOMPurify from 'dompurify';
import type { SchemaField } from '@lab/core/schema-tree';

/**
 * The documents' descriptions are HTML. They are sanitised with DOMPurify before rendering: no
 * scripts, no inline handlers, no `javascript:` URLs. The carrier's `<a onclick='loadDocReference("x")'>`
 * links become in-viewer links (`data-doc-ref="x"`, handled by the schema view), other links open
 * in a new tab.
 *
 * Inline handlers are taken out of the text before DOMPurify parses it: Chromium reports a CSP
 * violation for an `on…` attribute as soon as its parser meets one, even in DOMPurify's inert
 * document (issue 31), so the parser must never see them.
 */

const DOC_REFERENCE = /loadDocReference\(\s*\\?["']([\w.-]+)\\?["']\s*\)/;
/** A start tag with its attributes (quoted values may hold `>`). */
const START_TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
/** What is left of a handler a malformed tag hid from START_TAG. */
const LEFTOVER_HANDLER = /(<[^>]*?)[\s/"']on[a-z-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

function unquote(raw: string | undefined): string {
  if (raw === undefined) return '';
  return raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
}

/** A URL as a browser reads it: entities decoded, tabs, line breaks and controls dropped. */
function scriptUrl(value: string): boolean {
  const decoded = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(tab|newline|colon);/gi, (_, n: string) => ({ tab: '\t', newline: '\n', colon: ':' })[n.toLowerCase()]!)
    // eslint-disable-next-line no-control-regex -- control characters are what a browser drops from a URL
    .replace(/[\u0000-\u0020]/g, '')
    .toLowerCase();
  return /^(javascript|vbscript|data):/.test(decoded);
}

/** Drops `on…` attributes and script URLs from every tag; `loadDocReference("x")` becomes `data-doc-ref`. */
export function withoutInlineScript(html: string): string {
  const out = html.replace(START_TAG, (_tag, name: string, attrs: string, slash: string) => {
    const kept: string[] = [];
    let reference: string | undefined;
    for (const a of attrs.matchAll(ATTRIBUTE)) {
      const attr = a[1]!.toLowerCase();
      if (attr.startsWith('on')) {
        if (name.toLowerCase() === 'a' && attr === 'onclick') reference ??= DOC_REFERENCE.exec(unquote(a[2]))?.[1];
        continue;
      }
      if (URL_ATTRIBUTES.has(attr) && scriptUrl(unquote(a[2]))) continue;
      kept.push(a[0]);
    }
    if (reference) kept.push(`data-doc-ref="${reference}"`, `href="#ref-${reference}"`);
    return `<${name}${kept.map((k) => ` ${k}`).join('')}${slash ? ' /' : ''}>`;
  });
  let rest = out;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(LEFTOVER_HANDLER, '$1');
  }
  return rest;
}

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href') && !node.hasAttribute('data-doc-ref')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

const cache = new Map<string, string>();

/** Safe HTML for a description (memoised: the same text is sanitised once). */
export function sanitizeDescription(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = instance().sanitize(withoutInlineScript(html), {
    ALLOWED_TAGS: [
      'a',
      'b',
      'br',
      'code',
      'em',
      'i',
      'li',
      'ol',
      'p',
      'pre',
      'strong',
      'sub',
      'sup',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'tr',
      'u',
      'ul',
      'span',
    ],
    ALLOWED_ATTR: ['href', 'title', 'data-doc-ref', 'target', 'rel'],
    ADD_ATTR: ['data-doc-ref', 'target'],
  });
  if (cache.size > 20_000) cache.clear();
  cache.set(html, clean);
  return clean;
}

/**
 * The first sentence of an HTML description: up to the first `.` followed by a space, a tag or
 * the end (outside tags), or the first line break / list, whichever comes first. The cut may leave
 * tags open; sanitising closes them. Returns the whole text when it is one sentence.
 */
export function firstSentence(html: string): { text: string; truncated: boolean } {
  let inTag = false;
  let sawText = false;
  for (let i = 0; i < html.length; i++) {
    const c = html[i]!;
    if (inTag) {
      if (c === '>') inTag = false;
      continue;
    }
    if (c === '<') {
      if (sawText && /^<(br|ul|ol|li|p|table)\b/i.test(html.slice(i, i + 7))) {
        const rest = html
          .slice(i)
          .replace(/<[^>]*>/g, '')
          .trim();
        return rest ? { text: html.slice(0, i), truncated: true } : { text: html, truncated: false };
      }
      inTag = true;
      continue;
    }
    if (!/\s/.test(c)) sawText = true;
    if (c === '.' && sawText) {
      const next = html[i + 1];
      if (next === undefined) return { text: html, truncated: false };
      if (/\s|</.test(next) && !/\b(e\.g|i\.e|etc|ex|no|approx)$/i.test(html.slice(Math.max(0, i - 6), i))) {
        const rest = html
          .slice(i + 1)
          .replace(/<[^>]*>/g, '')
          .trim();
        return rest ? { text: html.slice(0, i + 1), truncated: true } : { text: html, truncated: false };
      }
    }
  }
  return { text: html, truncated: false };
}

/** A row's description as shown: the whole text, or its first sentence (` …` when cut), sanitised. */
export function shownDescription(html: string, full: boolean): string {
  if (full) return sanitizeDescription(html);
  const first = firstSentence(html);
  return sanitizeDescription(first.truncated ? `${first.text} …` : first.text);
}

/** How many of a tree's first shown rows {@link prepareDescriptions} readies. */
const PREPARED_ROWS = 60;

/**
 * Sanitises, while the browser is idle, the descriptions of the rows a tree shows first at `level`
 * (DOMPurify parses each: a few tenths of a millisecond per description), so opening the tree
 * finds them in the cache. For a page that fetches a tree ahead of showing it; nothing without
 * `requestIdleCallback`.
 */
export function prepareDescriptions(fields: readonly SchemaField[], level: number, full: boolean): void {
  if (typeof requestIdleCallback !== 'function') return;
  const todo: string[] = [];
  for (let i = 0; i < fields.length && todo.length < PREPARED_ROWS;) {
    const f = fields[i]!;
    if (f.description) todo.push(f.description);
    i = f.end > i + 1 && f.depth >= level ? f.end : i + 1;
  }
  const step = (deadline: IdleDeadline) => {
    while (todo.length > 0 && deadline.timeRemaining() > 1) shownDescription(todo.shift()!, full);
    if (todo.length > 0) requestIdleCallback(step);
  };
  requestIdleCallback(step);
}

/** The plain text of a description (for search). */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
