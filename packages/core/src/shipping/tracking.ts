/**
 * Express tracking numbers: 12 digits, the last one a check digit. The first 11 digits are
 * weighted 1, 3, 7, 1, 3, 7 … starting from the rightmost of them; the check digit is
 * (weighted sum mod 11) mod 10 — a remainder of 10 gives 0.
 */
export const EXPRESS_TRACKING_LENGTH = 12;

const WEIGHTS = [1, 3, 7] as const;

/** The check digit (0-9) for the 11 leading digits of an express tracking number. */
export function expressTrackingCheckDigit(body: string): number {
  if (!/^\d{11}$/.test(body)) throw new RangeError('an express tracking number body is exactly 11 digits');
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(body[10 - i]) * WEIGHTS[i % 3]!;
  return (sum % 11) % 10;
}

/** True when `tracking` is 12 digits whose last digit is the 1-3-7 mod-11 check digit. */
export function isValidExpressTracking(tracking: string): boolean {
  if (!/^\d{12}$/.test(tracking)) return false;
  return expressTrackingCheckDigit(tracking.slice(0, 11)) === Number(tracking[11]);
}

/** Appends the check digit to 11 leading digits. */
export function completeExpressTracking(body: string): string {
  return `${body}${expressTrackingCheckDigit(body)}`;
}
