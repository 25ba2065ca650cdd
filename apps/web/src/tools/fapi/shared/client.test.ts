import { describe, expect, it } from 'vitest';
import { firstCarrierError, gatewayUrl, serverTimingMs } from './client';
import type { CarrierCallResult } from './types';

const result = (body: unknown, status = 400, statusText = 'Bad Request'): CarrierCallResult => ({
  ok: false,
  status,
  statusText,
  headers: {},
  body,
  text: '',
  timeMs: 1,
  sizeBytes: 0,
});

describe('carrier client helpers', () => {
  it('builds gateway URLs under /lab/api/carrier/{env}', () => {
    expect(gatewayUrl('sandbox', '/ship/v1/shipments')).toBe('/lab/api/carrier/sandbox/ship/v1/shipments');
    expect(gatewayUrl('production', 'documents/v1/etds/upload')).toBe(
      '/lab/api/carrier/production/documents/v1/etds/upload',
    );
  });

  it('reads the upstream duration of Server-Timing', () => {
    expect(serverTimingMs('upstream;dur=12.5')).toBe(12.5);
    expect(serverTimingMs('db;dur=3, upstream;desc="carrier";dur=40')).toBe(40);
    expect(serverTimingMs('db;dur=3')).toBeUndefined();
    expect(serverTimingMs(null)).toBeUndefined();
  });

  it('takes the first carrier error, then the gateway message, then the status line', () => {
    expect(
      firstCarrierError(result({ errors: [{ code: 'X', message: 'Account is invalid.' }, { message: 'b' }] })),
    ).toBe('Account is invalid.');
    expect(firstCarrierError(result({ errors: [{ code: 'NOT.AUTHORIZED' }] }))).toBe('NOT.AUTHORIZED');
    expect(firstCarrierError(result({ message: 'upstream carrier sandbox is unreachable' }, 502, 'Bad Gateway'))).toBe(
      'upstream carrier sandbox is unreachable',
    );
    expect(firstCarrierError(result(undefined, 503, 'Service Unavailable'))).toBe('503 Service Unavailable');
  });
});
