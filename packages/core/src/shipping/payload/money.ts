import { Big } from 'big.js';

/** An exact decimal (big.js: arbitrary precision for sums and products, no float rounding). */
export type Decimal = Big;

/** Amounts and weights as typed: up to 12 integer digits and 6 decimals, optional minus sign. */
const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

export type Parsed = { kind: 'empty' } | { kind: 'invalid'; text: string } | { kind: 'value'; value: Decimal };

/** Reads a decimal string exactly (never through a float). */
export function parseDecimal(text: string): Parsed {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  return DECIMAL.test(t) ? { kind: 'value', value: new Big(t) } : { kind: 'invalid', text: t };
}

export const ZERO: Decimal = new Big(0);
export const KG_PER_LB: Decimal = new Big('0.45359237');

/** Exact sum. */
export const sum = (values: readonly Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), ZERO);

/** Rounded to 2 decimals (half up), as Big. */
export const to2 = (d: Decimal): Decimal => d.round(2, Big.roundHalfUp);

/** Rounded to 2 decimals (half up), as a JSON number. */
export const round2 = (d: Decimal): number => Number(to2(d).toFixed(2));

/** The value as typed, as a JSON number. */
export const toNumber = (d: Decimal): number => Number(d.toFixed());
