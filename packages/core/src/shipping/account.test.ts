import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAccountNumber } from './account.js';

describe('checkAccountNumber (1-3-7 mod 11 over the first 8 digits)', () => {
  it('checks hand-worked numbers', () => {
    // 1·1 + 2·3 + 3·7 + 4·1 + 5·3 + 6·7 + 7·1 + 8·3 reading from the right: 8·1 + 7·3 + 6·7 + 5·1
    // + 4·3 + 3·7 + 2·1 + 1·3 = 8 + 21 + 42 + 5 + 12 + 21 + 2 + 3 = 114; 114 mod 11 = 4
    expect(checkAccountNumber('123456784')).toEqual({ ok: true, valid: true, suggestion: '123456784' });
    expect(checkAccountNumber('123456789')).toEqual({ ok: true, valid: false, suggestion: '123456784' });
    // 5·1 + 5·1 (rightmost and fourth from the right) = 10 → check digit 0
    expect(checkAccountNumber('000050050')).toMatchObject({ valid: true });
  });

  it('answers the screen messages for bad input', () => {
    expect(checkAccountNumber('')).toEqual({ ok: false, message: 'enter account number' });
    expect(checkAccountNumber('12345678')).toEqual({ ok: false, message: 'account number must be 9 digits' });
    expect(checkAccountNumber('12345678a')).toEqual({ ok: false, message: 'account number must be 9 digits' });
  });

  it('property: the suggestion is always valid and keeps the first 8 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (account) => {
        const result = checkAccountNumber(account);
        if (!result.ok) throw new Error(result.message);
        expect(result.suggestion.slice(0, 8)).toBe(account.slice(0, 8));
        expect(checkAccountNumber(result.suggestion)).toMatchObject({ valid: true });
        expect(result.valid).toBe(result.suggestion === account);
      }),
    );
  });
});
