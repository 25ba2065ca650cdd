import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_LISTEN_ID_LENGTH,
  LISTEN_ID_PATTERN,
  listenIdFromBytes,
  NODE_ID_PATTERN,
  nodeId,
  printRelayTopic,
} from './index.js';

describe('listen ids', () => {
  it('are 26 base-32 characters carrying the first 130 bits of the random bytes', () => {
    expect(listenIdFromBytes(new Uint8Array(17))).toBe('a'.repeat(26));
    expect(listenIdFromBytes(new Uint8Array(17).fill(255))).toBe('7'.repeat(26));
    // 0b00001 00010 … : 5-bit groups, most significant first.
    expect(listenIdFromBytes(Uint8Array.from([0x08, 0x86, ...new Array(15).fill(0)]))).toBe('bcd' + 'a'.repeat(23));
    expect(() => listenIdFromBytes(new Uint8Array(16))).toThrow('a listen id needs 17 random bytes');
  });

  it('are valid listen ids and realtime topics, and differ when the first 130 bits differ', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 17, maxLength: 17 }),
        fc.uint8Array({ minLength: 17, maxLength: 17 }),
        (a, b) => {
          const id = listenIdFromBytes(a);
          expect(id).toHaveLength(GENERATED_LISTEN_ID_LENGTH);
          expect(id).toMatch(LISTEN_ID_PATTERN);
          expect(printRelayTopic(id)).toMatch(/^[a-z0-9][a-z0-9/_-]{0,99}$/);
          const bits = (x: Uint8Array) =>
            [...x]
              .map((v) => v.toString(2).padStart(8, '0'))
              .join('')
              .slice(0, 130);
          expect(listenIdFromBytes(b) === id).toBe(bits(a) === bits(b));
        },
      ),
    );
  });
});

describe('node ids', () => {
  it('are PRINTER_ or REMOTE_ plus 3 random characters', () => {
    expect(nodeId('PRINTER', () => 0)).toBe('PRINTER_AAA');
    expect(nodeId('REMOTE', () => 0.9999)).toBe('REMOTE_999');
    fc.assert(
      fc.property(
        fc.constantFrom('PRINTER' as const, 'REMOTE' as const),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (role, r) => {
          expect(nodeId(role, () => r)).toMatch(NODE_ID_PATTERN);
        },
      ),
    );
  });
});
