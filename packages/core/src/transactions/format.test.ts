import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFormat,
  FORMAT_REASONS,
  formatTransaction,
  parseTransaction,
  trimTransaction,
  type TransactionField,
} from './index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sampleLines = fs
  .readFileSync(path.resolve(repoRoot, '../shared/reference/fsms/samples.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('checkFormat', () => {
  it('accepts the public sample in both modes', () => {
    expect(sampleLines.length).toBeGreaterThan(0);
    for (const line of sampleLines) {
      expect(checkFormat(line)).toEqual({ ok: true });
      expect(checkFormat(line, { strict: true })).toEqual({ ok: true });
    }
  });

  it('removes line breaks anywhere, even inside values and ids', () => {
    expect(checkFormat('0,"0\r\n20"1\n2,"x"\n99,""', { strict: true })).toEqual({ ok: true });
    const parsed = parseTransaction('0,"0\r\n20"1\n2,"x"');
    expect(parsed).toEqual({
      ok: true,
      fields: [
        { id: '0', suffix: null, value: '020' },
        { id: '12', suffix: null, value: 'x' },
      ],
    });
  });

  it('ignores whitespace after a closing quote unless strict', () => {
    const spaced = '0,"020" 1,"a"\t  99,""  ';
    expect(checkFormat(spaced)).toEqual({ ok: true });
    expect(checkFormat(spaced, { strict: true })).toEqual({
      ok: false,
      position: 7,
      reason: FORMAT_REASONS.strictSpace,
    });
  });

  it.each([
    ['', 0, FORMAT_REASONS.empty],
    ['\r\n', 0, FORMAT_REASONS.empty],
    [' 0,"020"', 0, FORMAT_REASONS.id],
    ['0,"020"x', 7, FORMAT_REASONS.id],
    ['12345,"a"', 4, FORMAT_REASONS.idTooLong],
    ['79-,"a"', 3, FORMAT_REASONS.suffix],
    ['79-12345,"a"', 7, FORMAT_REASONS.suffixTooLong],
    ['79 ,"a"', 2, FORMAT_REASONS.comma],
    ['79-1"a"', 4, FORMAT_REASONS.comma],
    ['79,a', 3, FORMAT_REASONS.open],
    ['79,', 3, FORMAT_REASONS.open],
    ['0,"020"1,"abc', 9, FORMAT_REASONS.unclosed],
    ['1,"a"b"', 5, FORMAT_REASONS.id],
    ['1 ,"a"', 1, FORMAT_REASONS.comma],
  ])('rejects %j at %i: %s', (text, position, reason) => {
    expect(checkFormat(text)).toEqual({ ok: false, position, reason });
  });

  it('reports positions in the text as given, line breaks counted', () => {
    expect(checkFormat('0,"020"\r\n1,x')).toEqual({ ok: false, position: 11, reason: FORMAT_REASONS.open });
  });
});

describe('parseTransaction', () => {
  it('reads ids, suffixes and values in order', () => {
    expect(parseTransaction('0,"020"79-1,"a b"79-12,""0099,"z"')).toEqual({
      ok: true,
      fields: [
        { id: '0', suffix: null, value: '020' },
        { id: '79', suffix: '1', value: 'a b' },
        { id: '79', suffix: '12', value: '' },
        { id: '0099', suffix: null, value: 'z' },
      ],
    });
  });

  it('returns the problem instead of fields when the format is incorrect', () => {
    expect(parseTransaction('0,"020" 1,"a"', { strict: true })).toEqual({
      ok: false,
      error: { position: 7, reason: FORMAT_REASONS.strictSpace },
    });
  });

  it('parses a 2,000-field transaction quickly', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `${i % 9999},"value number ${i}"`).join(' ');
    const t0 = performance.now();
    const parsed = parseTransaction(text);
    const ms = performance.now() - t0;
    expect(parsed.ok && parsed.fields.length).toBe(2000);
    expect(ms).toBeLessThan(200); // the budget (10 ms) is checked by bench/transactions.ts
  });
});

describe('trimTransaction', () => {
  it('puts the transaction on one line with nothing between entries', () => {
    expect(trimTransaction('0,"020"  1,"a  b"\r\n 99,""')).toEqual({ ok: true, text: '0,"020"1,"a  b"99,""' });
  });

  it('gives the format problem for an incorrect transaction', () => {
    expect(trimTransaction('0,"020')).toEqual({ ok: false, error: { position: 2, reason: FORMAT_REASONS.unclosed } });
  });
});

// --- property tests -------------------------------------------------------------------------

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const valueChar = fc.oneof(
  fc.constantFrom(' ', ',', '-', '~', '\t', 'é', '中', '😀'),
  fc.string({ minLength: 1, maxLength: 1 }).filter((c) => c !== '"' && c !== '\r' && c !== '\n'),
);
const fieldArb: fc.Arbitrary<TransactionField> = fc.record({
  id: digits(1, 4),
  suffix: fc.option(digits(1, 4), { nil: null }),
  value: fc.array(valueChar, { maxLength: 20 }).map((cs) => cs.join('')),
});
const separator = fc.constantFrom('', '', ' ', '  ', '\t', ' \t ', '\u00a0');
const lineBreak = fc.constantFrom('\n', '\r\n', '\r');

/** A valid transaction written with random whitespace between entries and line breaks anywhere. */
const messyTransaction = fc.array(fc.tuple(fieldArb, separator), { minLength: 1, maxLength: 30 }).chain((entries) => {
  const text = entries.map(([f, sep]) => formatTransaction([f]) + sep).join('');
  return fc.array(fc.tuple(fc.nat({ max: text.length }), lineBreak), { maxLength: 5 }).map((breaks) => {
    let out = text;
    for (const [at, br] of [...breaks].sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + br + out.slice(at);
    return { fields: entries.map(([f]) => f), spaced: entries.some(([, sep]) => sep !== ''), text: out };
  });
});

const nearTransactionText = fc
  .array(fc.constantFrom('0', '7', '9', '-', ',', '"', ' ', '\n', 'a', '12345'), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('transaction format properties', () => {
  it('parses a random valid transaction to the fields it was built from', () => {
    fc.assert(
      fc.property(messyTransaction, ({ fields, text }) => {
        expect(parseTransaction(text)).toEqual({ ok: true, fields });
      }),
    );
  });

  it('trimmed output parses, strictly, to the same fields', () => {
    fc.assert(
      fc.property(messyTransaction, ({ fields, text }) => {
        const trimmed = trimTransaction(text);
        if (!trimmed.ok) throw new Error('valid transaction did not trim');
        expect(trimmed.text).toBe(formatTransaction(fields));
        expect(parseTransaction(trimmed.text, { strict: true })).toEqual({ ok: true, fields });
      }),
    );
  });

  it('strict mode accepts exactly the trimmed form', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          messyTransaction.map((t) => t.text),
          nearTransactionText,
        ),
        (text) => {
          const flat = text.replace(/[\r\n]/g, '');
          const trimmed = trimTransaction(text);
          const strictOk = checkFormat(text, { strict: true }).ok;
          expect(strictOk).toBe(trimmed.ok && trimmed.text === flat);
        },
      ),
    );
  });

  it('never throws on garbage, and checkFormat agrees with parseTransaction', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), nearTransactionText), fc.boolean(), (text, strict) => {
        const check = checkFormat(text, { strict });
        const parsed = parseTransaction(text, { strict });
        expect(check.ok).toBe(parsed.ok);
        if (!check.ok && !parsed.ok) {
          expect(parsed.error).toEqual({ position: check.position, reason: check.reason });
          expect(check.position).toBeGreaterThanOrEqual(0);
          expect(check.position).toBeLessThanOrEqual(text.length);
        }
      }),
    );
  });
});
