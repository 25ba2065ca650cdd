import { describe, expect, it } from 'vitest';
import { CARRIER_ENDPOINTS, endpointById, findEndpoint, pathMatches } from './index.js';

describe('carrier endpoint catalogue', () => {
  it('has unique ids and unique method+path pairs', () => {
    const ids = CARRIER_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = CARRIER_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists the five freight and end-of-day entries as disabled, and only those', () => {
    expect(CARRIER_ENDPOINTS.filter((e) => e.disabled).map((e) => e.id)).toEqual([
      'freight-rate',
      'freight-ship',
      'freight-pickup-availability',
      'freight-pickup',
      'end-of-day-close',
    ]);
  });

  it('makes account verification the only level-3 entry', () => {
    expect(CARRIER_ENDPOINTS.filter((e) => e.certification === 3).map((e) => e.id)).toEqual(['account-validate']);
  });

  it('sends uploads to the documents host', () => {
    expect(CARRIER_ENDPOINTS.filter((e) => e.host === 'documents').map((e) => e.id)).toEqual([
      'etd-upload',
      'image-upload',
    ]);
  });

  it('matches path templates segment by segment', () => {
    expect(pathMatches('/ship/v1/shipments/tag/cancel/{shipmentid}', '/ship/v1/shipments/tag/cancel/123')).toBe(true);
    expect(pathMatches('/ship/v1/shipments/tag/cancel/{shipmentid}', '/ship/v1/shipments/tag/cancel/')).toBe(false);
    expect(pathMatches('/ship/v1/openshipments/', '/ship/v1/openshipments')).toBe(false);
    expect(findEndpoint('put', '/ship/v1/openshipments/')?.id).toBe('open-ship-modify');
    expect(findEndpoint('POST', '/ship/v1/openshipments/')?.id).toBe('open-ship-confirm');
    expect(findEndpoint('GET', '/ship/v1/shipments')).toBeUndefined();
    expect(findEndpoint('POST', '/rate/v1/freight/rates/quotes')).toBeUndefined();
    expect(endpointById('ship-create')?.path).toBe('/ship/v1/shipments');
  });
});
