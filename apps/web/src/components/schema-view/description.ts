import DOMPurify from 'dompurify';

/**
 * The documents' descriptions are HTML. They are sanitised with DOMPurify before rendering: no
 * scripts, no inline handlers, no `javascript:` URLs. The carrier's `<a onclick='loadDocReference("x")'>`
 * links become in-viewer links (`data-doc-ref="x"`, handled by the schema view), other links open
 * in a new tab.
 */

const DOC_REFERENCE = /loadDocReference\(\s*\\?["']([\w.-]+)\\?["']\s*\)/;

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'onclick' && node.tagName === 'A') {
      const m = DOC_REFERENCE.exec(data.attrValue);
      if (m) {
        node.setAttribute('data-doc-ref', m[1]!);
        node.setAttribute('href', `#ref-${m[1]!}`);
      }
    }
  });
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
  const clean = instance().sanitize(html, {
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
