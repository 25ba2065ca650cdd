import { completeExpressTracking, isValidExpressTracking } from './tracking.js';

/** The largest serial (first 11 digits) an express tracking number can carry. */
export const EXPRESS_TRACKING_MAX_SERIAL = 99_999_999_999;

/** The full tracking number of a serial: 11 zero-padded digits and their check digit. */
export function trackingNumberForSerial(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0 || serial > EXPRESS_TRACKING_MAX_SERIAL) {
    throw new RangeError(`serial out of range: ${serial}`);
  }
  return completeExpressTracking(String(serial).padStart(11, '0'));
}

/** The count stepper's bounds on the Calculate Tracking # screen. */
export const NEIGHBOUR_COUNT_MIN = 1;
export const NEIGHBOUR_COUNT_MAX = 100;
/** How many neighbours each side when a caller does not say (the screen's starting count). */
export const DEFAULT_NEIGHBOUR_COUNT = 10;

export type TrackingNeighbours =
  | {
      ok: true;
      /** Closest first: serial − 1, serial − 2, … (stops at serial 0). */
      previous: string[];
      /** Closest first: serial + 1, serial + 2, … (stops at the largest 11-digit serial). */
      next: string[];
      /** Set when the input's check digit was wrong: the same serial with the right check digit. */
      corrected?: string;
    }
  | { ok: false; message: string };

/**
 * The valid express tracking numbers around `trackingNumber`: its serial (first 11 digits) ± 1…count,
 * each with its check digit recomputed. A wrong check digit on the input is not an error: the
 * neighbours only depend on the serial, and the corrected number is reported.
 */
export function trackingNeighbours(trackingNumber: string, count: number): TrackingNeighbours {
  const value = trackingNumber.trim();
  if (value === '') return { ok: false, message: 'enter a tracking number' };
  if (!/^\d{12}$/.test(value)) return { ok: false, message: 'tracking number must be 12 digits' };
  if (!Number.isInteger(count) || count < NEIGHBOUR_COUNT_MIN || count > NEIGHBOUR_COUNT_MAX) {
    return {
      ok: false,
      message: `number of range must be a whole number from ${NEIGHBOUR_COUNT_MIN} to ${NEIGHBOUR_COUNT_MAX}`,
    };
  }
  const serial = Number(value.slice(0, 11));
  const previous: string[] = [];
  const next: string[] = [];
  for (let k = 1; k <= count; k++) {
    if (serial - k >= 0) previous.push(trackingNumberForSerial(serial - k));
    if (serial + k <= EXPRESS_TRACKING_MAX_SERIAL) next.push(trackingNumberForSerial(serial + k));
  }
  if (isValidExpressTracking(value)) return { ok: true, previous, next };
  return { ok: true, previous, next, corrected: trackingNumberForSerial(serial) };
}

/** What the tool says about an input whose check digit is wrong. */
export function wrongCheckDigitMessage(input: string, corrected: string): string {
  return `check digit of ${input} is wrong: the valid number is ${corrected}`;
}
