import { expressTrackingCheckDigit } from './tracking.js';

/** Digits of an enterprise account number, check digit included. */
export const ACCOUNT_NUMBER_LENGTH = 9;

export type AccountCheck =
  | { ok: true; valid: boolean; /** The first 8 digits followed by their correct check digit. */ suggestion: string }
  | { ok: false; message: string };

/**
 * Enterprise account check: the 9th digit is the 1-3-7 mod-11 check digit (the express tracking
 * number scheme, see tracking.ts) of the first 8 digits. This is the rule the Verify Enterprise
 * Account # tool states in its help text.
 */
export function checkAccountNumber(accountNumber: string): AccountCheck {
  const value = accountNumber.trim();
  if (value === '') return { ok: false, message: 'enter account number' };
  if (!/^\d{9}$/.test(value)) return { ok: false, message: 'account number must be 9 digits' };
  // The weights start at the rightmost digit, so leading zeros add nothing: the 8-digit check
  // digit is the tracking-number check digit of the same digits padded to 11.
  const suggestion = value.slice(0, 8) + String(expressTrackingCheckDigit(value.slice(0, 8).padStart(11, '0')));
  return { ok: true, valid: suggestion === value, suggestion };
}
