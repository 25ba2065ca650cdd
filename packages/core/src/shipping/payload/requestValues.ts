/** How the generator's inputs become request values. */
import { type Decimal, toNumber } from './money.js';

export type Json = Record<string, unknown>;

/** Text that counts: not empty once trimmed. */
export const nonEmpty = (s: string) => s.trim() !== '';

/** A money object of the request. */
export const money = (amount: Decimal, currency: string) => ({ amount: toNumber(amount), currency });

/** A whole positive number (rounded up, at most the request's int32), or null. */
export const positiveInt = (n: number | null): number | null =>
  n !== null && Number.isFinite(n) && n > 0 ? Math.min(Math.ceil(n), 2_147_483_647) : null;
