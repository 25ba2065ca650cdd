import { defaultShipPayloadState, type ShipPayloadState } from '@lab/core/shipping/payload';

/** The generator's state, kept in sessionStorage for the browser session (issue 31). */
export const SHIP_PAYLOAD_SESSION_KEY = 'lab.shipPayload.state';

/** Whether a saved value can stand where the default has `fresh` (a number field may be empty: null). */
function sameKind(fresh: unknown, saved: unknown): boolean {
  if (Array.isArray(fresh)) return Array.isArray(saved);
  if (fresh === null || typeof fresh === 'number') return saved === null || typeof saved === 'number';
  return saved !== null && typeof saved === typeof fresh && Array.isArray(saved) === Array.isArray(fresh);
}

/**
 * The state saved in this session, field by field over today's defaults: a field missing or of
 * another kind (an older version's, or edited by hand) takes the default. Nothing saved → defaults.
 */
export function restoreSessionState(now: Date): ShipPayloadState {
  const fresh = defaultShipPayloadState(now);
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(SHIP_PAYLOAD_SESSION_KEY) ?? 'null');
  } catch {
    return fresh;
  }
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return fresh;
  const out: Record<string, unknown> = { ...fresh };
  for (const [k, v] of Object.entries(saved)) if (k in fresh && sameKind(out[k], v)) out[k] = v;
  return out as unknown as ShipPayloadState;
}

export function saveSessionState(state: ShipPayloadState): void {
  try {
    sessionStorage.setItem(SHIP_PAYLOAD_SESSION_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the payload lasts as long as the page
  }
}
