import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINT_TEMPLATES, lintNoteOf, lintText, lintZpl, type LintCode } from './index.js';

const CODES = Object.keys(LINT_TEMPLATES) as LintCode[];
const namesOf = (code: LintCode) => [...new Set([...LINT_TEMPLATES[code].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];

describe('linter sentences by code', () => {
  it('property: every message reads back into its code and values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.stringMatching(/^[A-Za-z0-9^~]{1,12}$/), (code, value) => {
        const values = Object.fromEntries(namesOf(code).map((name, i) => [name, `${value}${i}`]));
        expect(lintNoteOf(lintText(code, values))).toEqual({ code, values });
      }),
    );
  });

  it("the linter's own warnings read back, and other text does not", () => {
    const warnings = lintZpl('^XA^PW400^FO5000,10^FDa^BY99^XZ^XZ^ZZ');
    expect(warnings.map((w) => lintNoteOf(w.message)?.code)).toEqual([
      'origin-x',
      'field-open',
      'param-max',
      'xz-alone',
      'unknown-command',
    ]);
    expect(lintNoteOf('invalid y "--": expected a number; 0 is used instead')).toEqual({
      code: 'param-number',
      values: { name: 'y', text: '--', used: '0' },
    });
    expect(lintNoteOf('something else')).toBeUndefined();
  });
});
