import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountNumberProblem } from './rules.js';

describe('the twin account rule', () => {
  it("accepts accounts masked as the carrier's documents write them", () => {
    for (const masked of ['XXX561073', 'XXXXX1073', 'XXX61073', 'XXXX', 'XXXX7020']) {
      expect(accountNumberProblem(masked), masked).toBeUndefined();
    }
  });

  it('still refuses a wrong check digit, an empty number and other letters', () => {
    expect(accountNumberProblem('123456788')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
    expect(accountNumberProblem('')?.code).toBe('ACCOUNT.NUMBER.REQUIRED');
    expect(accountNumberProblem('ABC561073')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
    expect(accountNumberProblem('XX1234567')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
    expect(accountNumberProblem('XXX5610731')?.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
  });

  it('a masked account is accepted whatever its digits (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.nat(), (xs, n) => {
        const digits = String(n).slice(0, 9 - xs);
        return accountNumberProblem('X'.repeat(xs) + digits) === undefined;
      }),
    );
  });
});
