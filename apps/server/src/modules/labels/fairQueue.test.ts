import { describe, expect, it } from 'vitest';
import { FairQueue } from './fairQueue.js';

/** Starts up to `n` jobs: the items in the order the queue hands them out. */
const start = (queue: FairQueue<string>, n: number) =>
  Array.from({ length: n }, () => queue.take()?.item).filter((item) => item !== undefined);

describe('FairQueue', () => {
  it("serves a client's single job after at most one job of a client with 500 waiting", () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 500; i++) queue.push('a', `a${i}`);
    queue.push('b', 'b1');
    expect(queue.size).toBe(501);
    // One worker: each job ends before the next starts.
    const order: string[] = [];
    for (let next = queue.take(); next; next = queue.take()) {
      order.push(next.item);
      queue.finished(next.client);
    }
    expect(order.slice(0, 4)).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(order).toHaveLength(501);
    expect(queue.size).toBe(0);
  });

  it('gives a free worker to the client with the fewest jobs running, then round robin', () => {
    const queue = new FairQueue<string>();
    // Two workers busy with a's jobs; then b and c queue behind a's backlog.
    for (let i = 1; i <= 4; i++) queue.push('a', `a${i}`);
    expect(start(queue, 2)).toEqual(['a1', 'a2']);
    queue.push('b', 'b1');
    queue.push('b', 'b2');
    queue.push('c', 'c1');
    queue.finished('a');
    expect(start(queue, 1)).toEqual(['b1']); // a has one running, b and c none: b came first
    queue.finished('a');
    expect(start(queue, 1)).toEqual(['c1']); // nothing running for a or c: c has not had a turn
    queue.finished('b');
    queue.finished('c');
    expect(start(queue, 3)).toEqual(['a3', 'b2', 'a4']);
    expect(queue.take()).toBeUndefined();
  });

  it('counts waiting jobs per client and takes out a cancelled one', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect([queue.waitingOf('a'), queue.waitingOf('b'), queue.waitingOf('c')]).toEqual([2, 1, 0]);
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.remove('b', 'a2')).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.drain().sort()).toEqual(['a2', 'b1']);
    expect([queue.size, queue.waitingOf('a'), queue.take()]).toEqual([0, 0, undefined]);
  });
});
