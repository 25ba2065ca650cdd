import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { lookupPostal, normalizePostalCode, type PostalProvider } from './provider.js';

describe('postal lookup through a provider', () => {
  it('turns a provider failure into an empty list and logs it', async () => {
    const warn = vi.fn();
    const log = { warn } as unknown as FastifyBaseLogger;
    const failing: PostalProvider = {
      name: 'carrier-api',
      lookup: async () => {
        throw new Error('upstream timed out');
      },
    };
    expect(await lookupPostal(failing, log, 'US', '10001')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'carrier-api', countryCode: 'US', postalCode: '10001' }),
      'postal lookup failed',
    );
  });

  it('normalises what people type', () => {
    expect(normalizePostalCode('US', ' 10001-1234 ')).toBe('10001');
    expect(normalizePostalCode('US', '100011234')).toBe('10001');
    expect(normalizePostalCode('GB', 'sw1a   1aa')).toBe('SW1A 1AA');
  });
});
