import {
  checkAccountNumber,
  dimWeightFromInput,
  trackingNeighbours,
  wrongCheckDigitMessage,
  type DimWeightInput,
  type DimWeightResult,
} from '@lab/core/shipping';

type Loose = string | number | null | undefined;

const text = (v: Loose) => (v === null || v === undefined ? '' : String(v));

export function calculateDimWeightAnswer(
  body: Partial<DimWeightInput>,
): { tag: 'success'; message: DimWeightResult } | { tag: 'error'; message: string } {
  const r = dimWeightFromInput(body);
  return r.ok ? { tag: 'success', message: r.result } : { tag: 'error', message: r.message };
}

/** Default of the screen's count stepper, used when a caller sends no count. */
export const DEFAULT_NUMBER_OF_RANGE = 10;

export function trackingNeighboursAnswer(body: {
  trackingnumber?: Loose;
  numberofrange?: Loose;
}):
  | { tag: 'success'; data: [string[], string[]]; message?: string; corrected?: string }
  | { tag: 'error'; message: string } {
  const countText = text(body.numberofrange).trim();
  const count = countText === '' ? DEFAULT_NUMBER_OF_RANGE : Number(countText);
  const input = text(body.trackingnumber).trim();
  const r = trackingNeighbours(input, count);
  if (!r.ok) return { tag: 'error', message: r.message };
  if (r.corrected === undefined) return { tag: 'success', data: [r.previous, r.next] };
  return {
    tag: 'success',
    data: [r.previous, r.next],
    message: wrongCheckDigitMessage(input, r.corrected),
    corrected: r.corrected,
  };
}

export function checkAccountAnswer(body: {
  ean?: Loose;
}): { tag: 'success'; msg: string; data: [0 | 1, string] } | { tag: 'error'; msg: string; message: string } {
  const r = checkAccountNumber(text(body.ean));
  if (!r.ok) return { tag: 'error', msg: r.message, message: r.message };
  return { tag: 'success', msg: r.valid ? 'account valid' : 'account invalid', data: [r.valid ? 1 : 0, r.suggestion] };
}
