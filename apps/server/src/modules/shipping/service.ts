import type {
  AccountCheckBody,
  AccountCheckReply,
  DimWeightBody,
  DimWeightReply,
  TaggedError,
  TrackingNeighboursBody,
  TrackingNeighboursReply,
} from '@lab/core/contract';
import {
  checkAccountNumber,
  DEFAULT_NEIGHBOUR_COUNT,
  dimWeightFromInput,
  trackingNeighbours,
  wrongCheckDigitMessage,
} from '@lab/core/shipping';

type Loose = string | number | null | undefined;

const text = (v: Loose) => (v === null || v === undefined ? '' : String(v));

export function calculateDimWeightAnswer(body: DimWeightBody): DimWeightReply | TaggedError {
  const r = dimWeightFromInput(body);
  return r.ok ? { tag: 'success', message: r.result } : { tag: 'error', message: r.message };
}

/** An empty count means the screen's starting count (DEFAULT_NEIGHBOUR_COUNT). */
export function trackingNeighboursAnswer(body: TrackingNeighboursBody): TrackingNeighboursReply | TaggedError {
  const countText = text(body.numberofrange).trim();
  const count = countText === '' ? DEFAULT_NEIGHBOUR_COUNT : Number(countText);
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

export function checkAccountAnswer(body: AccountCheckBody): AccountCheckReply {
  const r = checkAccountNumber(text(body.ean));
  if (!r.ok) return { tag: 'error', msg: r.message, message: r.message };
  return { tag: 'success', msg: r.valid ? 'account valid' : 'account invalid', data: [r.valid ? 1 : 0, r.suggestion] };
}
