import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A fake clock for a screen test, from before its first render: timeouts, animation frames and
 * `Date` (antd's notices count their time with both), not setImmediate, on which React schedules
 * its own work. Testing Library's waitFor and findBy… would wait forever on it: move it with
 * `advanceClock` and read the screen with getBy…. Restore real timers in afterEach (`vi.useRealTimers()`).
 */
export function installFakeClock(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
  });
}

/**
 * Moves the fake clock `ms` on, then lets what that set off finish, in no wall-clock time: React
 * renders as each act ends, its effects send the (faked) requests, and TanStack Query tells the
 * screen of each reply on a setTimeout(0) due in the next round; four rounds cover a request that
 * follows from another's reply.
 */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 4; round++) await act(() => vi.advanceTimersByTimeAsync(1));
}
