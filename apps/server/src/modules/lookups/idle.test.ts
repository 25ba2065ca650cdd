import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleCache } from './idle.js';

afterEach(() => vi.useRealTimers());

describe('IdleCache', () => {
  it('builds once, keeps the value while used, and drops it after idleMs without use', async () => {
    vi.useFakeTimers();
    let builds = 0;
    const cache = new IdleCache(async () => ({ n: ++builds }), 1000);
    expect(await cache.get()).toEqual({ n: 1 });
    vi.advanceTimersByTime(900);
    expect(await cache.get()).toEqual({ n: 1 });
    vi.advanceTimersByTime(900);
    expect(cache.held).toBe(true);
    vi.advanceTimersByTime(200);
    expect(cache.held).toBe(false);
    expect(await cache.get()).toEqual({ n: 2 });
  });

  it('drops the value and its timer on clear', async () => {
    vi.useFakeTimers();
    let builds = 0;
    const cache = new IdleCache(async () => ({ n: ++builds }), 1000);
    await cache.get();
    cache.clear();
    expect(cache.held).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(await cache.get()).toEqual({ n: 2 });
  });
});
