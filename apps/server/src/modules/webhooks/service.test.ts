import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody, rowFromRequest, toSummary } from './service.js';

describe('parseJsonBody', () => {
  it('never throws, and flags exactly the bodies that are UTF-8 JSON', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const r = parseJsonBody(Buffer.from(bytes));
        let expected = true;
        try {
          JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
        } catch {
          expected = false;
        }
        expect(r.isJson).toBe(expected && bytes.length > 0);
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = parseJsonBody(Buffer.from(JSON.stringify(value)));
        expect(r.isJson).toBe(true);
        expect(r.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('rowFromRequest / toSummary', () => {
  it('splits path and query and keeps list fields, with capped summary fields', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string(), fc.string(), (p, q, sig) => {
        const url = `${p || '/'}?${q}`;
        const row = rowFromRequest({
          channel: 'c',
          method: 'POST',
          url,
          ip: '10.0.0.1',
          headers: { 'x-fedex-signature': sig },
          body: Buffer.from('{"outputMetaData":[{"transactionId":"t"}]}'),
          receivedAt: new Date(0),
        });
        expect(`${row.path}?${row.query}`).toBe(url);
        expect(row.path).not.toContain('?');
        const summary = toSummary({ ...row, id: 1 });
        expect(summary.transactionId).toBe('t');
        expect(summary.signature!.length).toBeLessThanOrEqual(200);
        expect(summary.path.length).toBeLessThanOrEqual(500);
      }),
    );
  });
});
