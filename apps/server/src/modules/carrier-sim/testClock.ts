/**
 * Test doubles of the sim module's clock and webhook queue (the interfaces of LabServices), for
 * carrier-sim's tests: a clock that moves only when advanced (so every due time is exact) and a
 * sender that records what it is asked to queue.
 */
import type { SimEnvironmentName } from '@lab/core/simulator';
import type { LabServices } from '../../module.js';

type SimClock = LabServices['simClock'];
type WebhookSender = LabServices['webhookSender'];
export type SimWebhookEvent = Parameters<WebhookSender['enqueue']>[0][number];
type Listener = (environment: SimEnvironmentName, now: number) => Promise<void>;

/** A SimClock standing still at `start` (both environments) until advanced; listeners run after each advance, never overlapping. */
export function manualClock(start: number): SimClock & { tick(environment: SimEnvironmentName): Promise<void> } {
  const nows = new Map<SimEnvironmentName, number>();
  const listeners = new Set<Listener>();
  const chains = new Map<Listener, Promise<void>>();
  const now = (environment: SimEnvironmentName) => nows.get(environment) ?? start;
  const run = (environment: SimEnvironmentName) => {
    for (const listener of listeners) {
      const next = (chains.get(listener) ?? Promise.resolve()).then(() => listener(environment, now(environment)));
      chains.set(
        listener,
        next.catch(() => undefined),
      );
    }
  };
  return {
    factor: 1,
    now: async (environment) => now(environment),
    async advance(environment, ms) {
      if (!(ms > 0)) throw new RangeError('the clock only moves forward');
      nows.set(environment, now(environment) + ms);
      run(environment);
      return now(environment);
    },
    /** Back to `start` (the double's real time). */
    async reset(environment) {
      nows.delete(environment);
      run(environment);
      return now(environment);
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled() {
      await Promise.all(chains.values());
    },
    /** A tick without moving (as real time passing at factor 0 would give). */
    async tick(environment) {
      run(environment);
      await Promise.all(chains.values());
    },
  };
}

/**
 * A WebhookSender that records each enqueue call (a copy of its batch). Its outbox has room for
 * any number of events unless `setRoom(n)` says n more (each enqueued event takes one, as a
 * pending delivery does).
 */
export function recordingSender(): WebhookSender & { calls: SimWebhookEvent[][]; setRoom(n: number): void } {
  const calls: SimWebhookEvent[][] = [];
  let room = Infinity;
  return {
    calls,
    setRoom: (n) => {
      room = n;
    },
    async room() {
      return room;
    },
    async enqueue(events) {
      calls.push([...events]);
      room -= events.length;
    },
    async idle() {},
    shipped() {},
  };
}
