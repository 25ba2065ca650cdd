import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SECURITY_TOKEN_LENGTH,
  checkDeliverySignature,
  checkWebhookSignature,
  envelopeFields,
  generateSecurityToken,
  isValidSecurityToken,
  signaturesMatch,
  webhookSignature,
  webhookSignatureVectors as SIGNATURE_VECTORS,
} from './index.js';

describe('webhookSignature', () => {
  it.each(SIGNATURE_VECTORS.map((v, i) => [i, v] as const))('matches fixed vector %i', async (_i, v) => {
    expect(await webhookSignature(v.body, v.token)).toBe(v.hex);
  });

  it('gives the same result for a string and its UTF-8 bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), fc.string({ minLength: 1 }), async (text, token) => {
        const bytes = new TextEncoder().encode(text);
        expect(await webhookSignature(text, token)).toBe(await webhookSignature(bytes, token));
      }),
      { numRuns: 50 },
    );
  });

  it('is 64 lower-case hex characters and changes when one byte changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), async (bytes, at) => {
        const sig = await webhookSignature(bytes, 'token');
        expect(sig).toMatch(/^[0-9a-f]{64}$/);
        const changed = bytes.slice();
        const i = at % changed.length;
        changed[i] = changed[i]! ^ 0x01;
        expect(await webhookSignature(changed, 'token')).not.toBe(sig);
      }),
      { numRuns: 50 },
    );
  });
});

describe('signaturesMatch / checkWebhookSignature', () => {
  it('ignores case and surrounding spaces, refuses missing or different values', () => {
    const hex = SIGNATURE_VECTORS[0]!.hex;
    expect(signaturesMatch(hex, hex.toUpperCase())).toBe(true);
    expect(signaturesMatch(hex, ` ${hex} `)).toBe(true);
    expect(signaturesMatch(hex, undefined)).toBe(false);
    expect(signaturesMatch(hex, null)).toBe(false);
    expect(signaturesMatch(hex, '')).toBe(false);
    expect(signaturesMatch(hex, hex.slice(0, -1) + '0')).toBe(false);
  });

  it('reports expected and received', async () => {
    const v = SIGNATURE_VECTORS[1]!;
    expect(await checkWebhookSignature(v.body, v.token, v.hex)).toEqual({
      status: 'match',
      expected: v.hex,
      received: v.hex,
    });
    expect(await checkWebhookSignature(v.body, 'other', v.hex)).toMatchObject({
      status: 'mismatch',
      received: v.hex,
    });
    expect(await checkWebhookSignature(v.body, v.token, undefined)).toEqual({
      status: 'mismatch',
      expected: v.hex,
      received: null,
    });
  });
});

describe('checkDeliverySignature', () => {
  const sent = new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]); // stands for gzip bytes
  const body = '{"outputMetaData":[]}';

  it('checks a compressed delivery over the bytes received and over the decoded body, and says which matched', async () => {
    const overSent = await webhookSignature(sent, 'tok');
    const overBody = await webhookSignature(body, 'tok');
    const delivery = { received: sent, decoded: body, encoding: 'gzip' };
    expect(await checkDeliverySignature(delivery, 'tok', overSent)).toEqual({
      status: 'match',
      matched: 'received',
      expected: overSent,
      expectedDecoded: overBody,
      received: overSent,
      encoding: 'gzip',
    });
    expect(await checkDeliverySignature(delivery, 'tok', overBody.toUpperCase())).toMatchObject({
      status: 'match',
      matched: 'decoded',
    });
    expect(await checkDeliverySignature(delivery, 'other', overBody)).toMatchObject({
      status: 'mismatch',
      matched: null,
    });
    expect(await checkDeliverySignature(delivery, 'tok', null)).toMatchObject({ status: 'mismatch', received: null });
  });

  it('without an encoding checks the bytes received only', async () => {
    const sig = await webhookSignature(body, 'tok');
    expect(await checkDeliverySignature({ received: body }, 'tok', sig)).toEqual({
      status: 'match',
      matched: 'received',
      expected: sig,
      expectedDecoded: null,
      received: sig,
      encoding: null,
    });
  });

  it('matches exactly when the header signs the received or the decoded bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom<'received' | 'decoded' | 'other'>('received', 'decoded', 'other'),
        async (received, decoded, other, signed) => {
          const bytes = { received, decoded, other }[signed];
          const header = await webhookSignature(bytes, 'tok');
          const check = await checkDeliverySignature({ received, decoded, encoding: 'gzip' }, 'tok', header);
          const sameAsReceived = header === (await webhookSignature(received, 'tok'));
          const sameAsDecoded = header === (await webhookSignature(decoded, 'tok'));
          expect(check.status).toBe(sameAsReceived || sameAsDecoded ? 'match' : 'mismatch');
          expect(check.matched).toBe(sameAsReceived ? 'received' : sameAsDecoded ? 'decoded' : null);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('generateSecurityToken', () => {
  it('always follows the token rules (cryptographic source)', () => {
    for (let i = 0; i < 500; i++) {
      const token = generateSecurityToken();
      expect(token).toHaveLength(SECURITY_TOKEN_LENGTH);
      expect(isValidSecurityToken(token), token).toBe(true);
    }
  });

  it('follows the rules for any random source, even a degenerate one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xefffffff }), {
          minLength: 1,
          maxLength: 64,
        }),
        (values) => {
          let n = 0;
          // Values stay below every rejection limit (bound <= 62), so a constant source cannot loop.
          const source = (a: Uint32Array) => {
            for (let i = 0; i < a.length; i++) a[i] = values[n++ % values.length]!;
            return a;
          };
          const token = generateSecurityToken(source);
          expect(isValidSecurityToken(token), token).toBe(true);
        },
      ),
    );
  });

  it('places the required characters anywhere, not always first', () => {
    const positions = new Set<number>();
    for (let i = 0; i < 300; i++) positions.add(generateSecurityToken().search(/\d/));
    expect(positions.size).toBeGreaterThan(5);
  });

  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generateSecurityToken()));
    expect(seen.size).toBe(1000);
  });
});

describe('isValidSecurityToken', () => {
  it('refuses tokens missing a class, of the wrong length, or with other characters', () => {
    expect(isValidSecurityToken('Ab3dEfGh1jKlMn0pQrStUvWx9')).toBe(true);
    expect(isValidSecurityToken('ab3defgh1jklmn0pqrstuvwx9')).toBe(false);
    expect(isValidSecurityToken('AB3DEFGH1JKLMN0PQRSTUVWX9')).toBe(false);
    expect(isValidSecurityToken('AbcdEfGhijKlMnopQrStUvWxy')).toBe(false);
    expect(isValidSecurityToken('Ab3dEfGh1jKlMn0pQrStUvWx')).toBe(false);
    expect(isValidSecurityToken('Ab3dEfGh1jKlMn0pQrStUvWx_')).toBe(false);
  });
});

describe('envelopeFields', () => {
  it('reads outputMetaData[0] transactionId and timestamp', () => {
    const payload = {
      outputMetaData: [{ transactionId: 'tx-1', timestamp: '2026-11-22T01:02:03Z' }, { transactionId: 'tx-2' }],
    };
    expect(envelopeFields(payload)).toEqual({ transactionId: 'tx-1', timestamp: '2026-11-22T01:02:03Z' });
    expect(envelopeFields({ outputMetaData: [{ transactionId: 42 }] })).toEqual({
      transactionId: '42',
      timestamp: null,
    });
  });

  it('never throws and gives null for anything else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const fields = envelopeFields(value);
        for (const v of [fields.transactionId, fields.timestamp]) {
          expect(v === null || (typeof v === 'string' && v.length <= 200)).toBe(true);
        }
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (meta, ts) => {
        expect(() => envelopeFields({ outputMetaData: [meta, ts] })).not.toThrow();
      }),
    );
    expect(envelopeFields(null)).toEqual({ transactionId: null, timestamp: null });
    expect(envelopeFields({ outputMetaData: ['x'] })).toEqual({ transactionId: null, timestamp: null });
  });
});
