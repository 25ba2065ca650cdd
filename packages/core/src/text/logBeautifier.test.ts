import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beautifyLog } from './logBeautifier.js';
import { SECRET_MASK } from './secrets.js';

const plain = { maskSecrets: false };
const masked = { maskSecrets: true };

describe('beautifyLog', () => {
  it('finds several JSON documents on one line and keeps the text around them', () => {
    const r = beautifyLog('INFO [main] req {"a":1,"b":[1,2]} resp [{"ok":true}] done', plain);
    expect(r.segments.map((s) => s.kind)).toEqual(['text', 'json', 'text', 'json', 'text']);
    expect(r.segments[0]).toEqual({ kind: 'text', text: 'INFO [main] req ' });
    expect(r.segments[1]).toMatchObject({ kind: 'json', raw: '{"a":1,"b":[1,2]}', escaped: false });
    expect(r.cleaned).toBe(
      'INFO [main] req\n{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}\n resp\n[\n  {\n    "ok": true\n  }\n]\n done',
    );
  });

  it('reads JSON escaped inside a string, and JSON strings inside JSON', () => {
    const r = beautifyLog('body="{\\"a\\":\\"x\\\\\\"y\\",\\"n\\":\\"{\\\\\\"m\\\\\\":1}\\"}" end', plain);
    const json = r.segments.find((s) => s.kind === 'json');
    if (json?.kind !== 'json') throw new Error('no JSON found');
    expect(json.escaped).toBe(true);
    expect(JSON.parse(json.pretty)).toEqual({ a: 'x"y', n: { m: 1 } });
  });

  it('indents XML with a prolog and namespaces, inline leaves and empty elements', () => {
    const r = beautifyLog(
      'sent <?xml version="1.0"?><s:Env xmlns:s="u"><s:Body><Id>7</Id><E/></s:Body></s:Env> ok',
      plain,
    );
    expect(r.segments[1]).toEqual({
      kind: 'xml',
      raw: '<?xml version="1.0"?><s:Env xmlns:s="u"><s:Body><Id>7</Id><E/></s:Body></s:Env>',
      pretty: '<?xml version="1.0"?>\n<s:Env xmlns:s="u">\n  <s:Body>\n    <Id>7</Id>\n    <E/>\n  </s:Body>\n</s:Env>',
    });
  });

  it('finds the closed elements among many unclosed ones (HTML-like text)', () => {
    const r = beautifyLog('line<br>with <b>bold</b> and <p>para '.repeat(20_000), plain);
    expect(r.segments.filter((s) => s.kind === 'xml')).toHaveLength(20_000);
  });

  it('leaves brackets and tags that are not documents as text', () => {
    const text = '[INFO] [200] {not json} {} [1,2] <br> a<b x';
    expect(beautifyLog(text, plain).segments).toEqual([{ kind: 'text', text }]);
  });

  it('masks secrets in JSON, XML and text by default, and shows them when asked', () => {
    const log =
      'POST /oauth/token client_secret=abc123&grant_type=x Authorization: Bearer eyJ.x.y ' +
      '{"access_token":"tok","apiKey":"k","expires_in":3600} <r><client_secret>zz</client_secret></r> x-api-key: K9';
    const r = beautifyLog(log, masked);
    expect(r.masked).toBe(6);
    expect(r.cleaned).not.toMatch(/abc123|eyJ|tok"|"k"|zz|K9/);
    expect(r.cleaned).toContain(`Authorization: Bearer ${SECRET_MASK}`);
    expect(r.cleaned).toContain('"expires_in": 3600');
    expect(r.cleaned).toContain(`<client_secret>${SECRET_MASK}</client_secret>`);
    const shown = beautifyLog(log, plain);
    expect(shown.masked).toBe(0);
    expect(shown.cleaned).toContain('abc123');
  });

  const around = fc.string({ unit: fc.constantFrom(...'abc 012:=/.-\n'.split('')), maxLength: 20 });
  const doc = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), {
    minKeys: 1,
    maxKeys: 5,
  });
  const noJsonStrings = (v: unknown): boolean =>
    typeof v === 'string'
      ? !/^\s*[[{]/.test(v)
      : Array.isArray(v)
        ? v.every(noJsonStrings)
        : v !== null && typeof v === 'object'
          ? Object.values(v).every(noJsonStrings)
          : true;

  it('property: any JSON object in text is found and pretty-printed to the same value', () => {
    fc.assert(
      fc.property(around, doc, around, (before, value, after) => {
        fc.pre(noJsonStrings(value));
        const r = beautifyLog(`${before}${JSON.stringify(value)}${after}`, plain);
        const docs = r.segments.filter((s) => s.kind === 'json');
        expect(docs).toHaveLength(1);
        expect(JSON.parse(docs[0]!.pretty)).toEqual(JSON.parse(JSON.stringify(value)));
        const texts = r.segments.filter((s) => s.kind === 'text').map((s) => s.text);
        expect(texts.join('|')).toBe([before, after].filter(Boolean).join('|'));
      }),
    );
  });

  it('property: a JSON object escaped inside a string is found and decoded', () => {
    fc.assert(
      fc.property(around, doc, (before, value) => {
        fc.pre(noJsonStrings(value));
        const r = beautifyLog(`${before}msg=${JSON.stringify(JSON.stringify(value))} end`, plain);
        const docs = r.segments.filter((s) => s.kind === 'json');
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ escaped: true });
        expect(JSON.parse(docs[0]!.pretty)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
