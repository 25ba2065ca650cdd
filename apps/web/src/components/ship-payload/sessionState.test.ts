import { beforeEach, describe, expect, it } from 'vitest';
import { defaultShipPayloadState } from '@lab/core/shipping/payload';
import { restoreSessionState, saveSessionState, SHIP_PAYLOAD_SESSION_KEY } from './sessionState';

const now = new Date(2026, 10, 24);

beforeEach(() => sessionStorage.clear());

describe('the generator’s session state', () => {
  it('round-trips a state through sessionStorage', () => {
    const s = { ...defaultShipPayloadState(now), accountNumber: '740561073', eci: false, additionalLabelCount: 2 };
    saveSessionState(s);
    expect(restoreSessionState(now)).toEqual(s);
  });

  it('starts from the defaults when nothing or something unreadable is saved', () => {
    expect(restoreSessionState(now)).toEqual(defaultShipPayloadState(now));
    for (const bad of ['{', '[1]', '"x"', 'null', '42']) {
      sessionStorage.setItem(SHIP_PAYLOAD_SESSION_KEY, bad);
      expect(restoreSessionState(now)).toEqual(defaultShipPayloadState(now));
    }
  });

  it('takes the default for a field that is missing, unknown or of another kind', () => {
    sessionStorage.setItem(
      SHIP_PAYLOAD_SESSION_KEY,
      JSON.stringify({ accountNumber: 7, eci: 'yes', packages: {}, shipper: null, extra: 1, serviceType: 'X' }),
    );
    const fresh = defaultShipPayloadState(now);
    const s = restoreSessionState(now);
    expect(s).toEqual({ ...fresh, serviceType: 'X' });
    expect('extra' in s).toBe(false);
  });
});
