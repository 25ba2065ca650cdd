import { beforeEach, describe, expect, it } from 'vitest';
import { resetSecureStorageCache, secureStorage } from './secureStorage';

describe('secureStorage', () => {
  beforeEach(() => {
    resetSecureStorageCache();
  });

  it('round-trips JSON values and never stores them in clear', async () => {
    const value = { slot: 1, clientId: 'l7xx-abc', clientSecret: 'very-secret', nested: [1, 'two', null] };
    await secureStorage.set('credentials', value);
    const raw = localStorage.getItem('secure:credentials') ?? '';
    expect(raw).not.toContain('very-secret');
    expect(raw).not.toContain('l7xx-abc');
    expect(await secureStorage.get('credentials')).toEqual(value);
  });

  it('uses a fresh IV for every write', async () => {
    await secureStorage.set('memo', 'same');
    const first = localStorage.getItem('secure:memo');
    await secureStorage.set('memo', 'same');
    expect(localStorage.getItem('secure:memo')).not.toBe(first);
  });

  it('keeps the key across page loads (IndexedDB), so data written before is readable after', async () => {
    await secureStorage.set('token', 'abc');
    resetSecureStorageCache();
    expect(await secureStorage.get('token')).toBe('abc');
  });

  it('reads corrupt or tampered data as absent, never throwing', async () => {
    localStorage.setItem('secure:a', 'not json');
    expect(await secureStorage.get('a')).toBeUndefined();
    localStorage.setItem('secure:b', JSON.stringify({ iv: 'AAAA', data: 'BBBB' }));
    expect(await secureStorage.get('b')).toBeUndefined();
    await secureStorage.set('c', { x: 1 });
    const stored = JSON.parse(localStorage.getItem('secure:c')!) as { iv: string; data: string };
    const flipped = stored.data.startsWith('A') ? `B${stored.data.slice(1)}` : `A${stored.data.slice(1)}`;
    localStorage.setItem('secure:c', JSON.stringify({ ...stored, data: flipped }));
    expect(await secureStorage.get('c')).toBeUndefined();
    expect(await secureStorage.get('missing')).toBeUndefined();
  });

  it('removes values', async () => {
    await secureStorage.set('gone', 1);
    await secureStorage.remove('gone');
    expect(await secureStorage.get('gone')).toBeUndefined();
    expect(localStorage.getItem('secure:gone')).toBeNull();
  });
});
