import type { SimFault, SimFaultBody } from '@lab/core/contract';
import { CARRIER_ENDPOINTS, CARRIER_TOKEN_PATH } from '@lab/core/carrier';
import { TOKEN_ENDPOINT_ID, type FaultStatus } from '@lab/core/simulator';

/** One row of the fault switchboard: a catalogue endpoint, or the OAuth token endpoint. */
export interface FaultTarget {
  id: string;
  /** Absent for the token endpoint (the screen names it). */
  name?: { en: string; zh: string };
  method: string;
  path: string;
}

/** Every enabled catalogue endpoint, then the OAuth token endpoint. */
export const FAULT_TARGETS: readonly FaultTarget[] = [
  ...CARRIER_ENDPOINTS.filter((e) => !e.disabled).map((e) => ({
    id: e.id,
    name: e.name,
    method: e.method,
    path: e.path,
  })),
  { id: TOKEN_ENDPOINT_ID, method: 'POST', path: CARRIER_TOKEN_PATH },
];

/** What a row's inputs hold: the rate in per cent, as the screen shows it. */
export interface FaultDraft {
  latencyMs: number;
  jitterMs: number;
  status: FaultStatus | null;
  ratePercent: number;
  tokenExpired: boolean;
  hang: boolean;
}

export const NO_FAULT: FaultDraft = {
  latencyMs: 0,
  jitterMs: 0,
  status: null,
  ratePercent: 100,
  tokenExpired: false,
  hang: false,
};

/** The inputs for a fault the server has. */
export function draftOf(fault: SimFault | undefined): FaultDraft {
  if (!fault) return NO_FAULT;
  return {
    latencyMs: fault.latencyMs,
    jitterMs: fault.jitterMs,
    status: fault.status,
    ratePercent: fault.status === null ? 100 : Math.round(fault.rate * 10_000) / 100,
    tokenExpired: fault.tokenExpired,
    hang: fault.hang,
  };
}

/** The PUT body for the inputs: every kind given, the status and its rate only when a status is chosen. */
export function faultBody(draft: FaultDraft): SimFaultBody {
  return {
    latencyMs: draft.latencyMs,
    jitterMs: draft.jitterMs,
    ...(draft.status === null ? {} : { status: draft.status, rate: draft.ratePercent / 100 }),
    tokenExpired: draft.tokenExpired,
    hang: draft.hang,
  };
}
