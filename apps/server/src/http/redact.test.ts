import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName, redactedJsonText, redactedFormText, redactSecrets, redactUrl } from './redact.js';

describe('redactSecrets', () => {
  it('keeps every value whose name is not secret-like, and never throws on cycles or odd values', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(() => redactSecrets(cyclic)).not.toThrow();
    // A field named __proto__ (JSON.parse makes it an own field) is kept as a field, not a prototype.
    const proto = JSON.parse('{"a":{"__proto__":{"k":1}},"b":[{"__proto__":0}]}') as unknown;
    expect(JSON.stringify(redactSecrets(proto))).toBe('{"a":{"__proto__":{"k":1}},"b":[{"__proto__":0}]}');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const safe = JSON.parse(JSON.stringify({ data: value, secret: 's' })) as Record<string, unknown>;
        const out = redactSecrets(safe) as Record<string, unknown>;
        expect(out.secret).toBe('[redacted]');
        const names: string[] = [];
        JSON.stringify(value, (k, v: unknown) => (names.push(k), v));
        if (!names.some(isSecretName)) {
          expect(out.data).toEqual(safe.data);
        }
      }),
    );
  });
});

// Keys that are secret-named (SECRET_NAME), and plain ones.
const key = fc.oneof(
  fc.constantFrom('access_token', 'client_secret', 'Authorization', 'x-api-key', 'password', 'token_type', 'cookie'),
  fc.constantFrom('name', 'value', 'output', 'rateReplyDetails', 'city', 'postalCode', 'amount'),
  fc.string({ maxLength: 8 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 12 }),
    fc.constantFrom('{"token":"t"}', '[1,2]', ' {"a":1}', ''),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('bodies as text (the traffic log) are redacted exactly as the logger redacts them', () => {
  it('the kept text is the logger’s redaction of the value, whether or not it had anything secret', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(redactedJsonText(value, JSON.stringify(value))).toBe(JSON.stringify(redactSecrets(value)));
        expect(redactedJsonText(value)).toBe(JSON.stringify(redactSecrets(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('blanks the secret fields of a form and keeps the rest as sent', () => {
    expect(redactedFormText('grant_type=client_credentials&client_id=id%201&client_secret=s')).toBe(
      'grant_type=client_credentials&client_id=id%201&client_secret=[redacted]',
    );
  });
});

// Issue 40 item 6: names the probe found verbatim in the traffic log and traffic.har.
const MISSED = [
  'passphrase',
  'sessionId',
  'pin',
  'meterKey',
  'session_id',
  'Pass-Phrase',
  'meterPin',
  'PIN',
  'x-meter-key',
];

describe('the widened name rule (passphrase, sessionId, pin, meterKey)', () => {
  it('blanks them in headers, query, form and JSON at any depth, and inside strings holding JSON', () => {
    for (const name of MISSED) {
      expect(redactSecrets({ [name.toLowerCase()]: 'v1' })).toEqual({ [name.toLowerCase()]: '[redacted]' });
      expect(redactUrl(`/x?a=1&${encodeURIComponent(name)}=v2`)).toBe(`/x?a=1&${encodeURIComponent(name)}=[redacted]`);
      expect(redactedFormText(`a=1&${encodeURIComponent(name)}=v3`)).toBe(`a=1&${encodeURIComponent(name)}=[redacted]`);
      const deep = { a: [{ b: { c: { [name]: 'v4', keep: 'k' } } }] };
      expect(redactedJsonText(deep)).toBe(JSON.stringify({ a: [{ b: { c: { [name]: '[redacted]', keep: 'k' } } }] }));
      expect(redactSecrets({ text: JSON.stringify({ [name]: 7 }) })).toEqual({ text: `{"${name}":"[redacted]"}` });
    }
  });

  it('keeps names that only contain the letters (shipping, spinner, keyword, pinned is a word of its own)', () => {
    for (const name of [
      'shipping',
      'shippingChargesPayment',
      'spinner',
      'keyword',
      'key',
      'monkey',
      'pinned',
      'sortKeys',
    ]) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});
