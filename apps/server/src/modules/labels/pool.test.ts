import { afterAll, describe, expect, it } from 'vitest';
import { RenderBusyError, RenderCancelledError, RenderError, RenderPool, RenderTimeoutError } from './pool.js';
import type { WorkerJob } from './protocol.js';

const label = (text: string): Extract<WorkerJob, { op: 'render' }> => ({
  op: 'render',
  zpl: `^XA^FO20,20^A0N,40,40^FD${text}^FS^XZ`,
  widthMm: 50,
  heightMm: 25,
  dpmm: 8,
});

describe('RenderPool', () => {
  const pool = new RenderPool({ size: 1, timeoutMs: 20_000, maxQueue: 2 });
  afterAll(() => pool.close());

  it('starts a thread on demand and renders', async () => {
    expect(pool.stats.workers).toBe(0);
    const [png] = await pool.run(label('hello'));
    expect(Buffer.from(png!.subarray(1, 4)).toString()).toBe('PNG');
    expect(pool.stats).toEqual({ workers: 1, busy: 0, queued: 0 });
  });

  it('queues jobs past its size and refuses more than maxQueue waiting', async () => {
    const jobs = [pool.run(label('a')), pool.run(label('b')), pool.run(label('c'))];
    await expect(pool.run(label('d'))).rejects.toBeInstanceOf(RenderBusyError);
    const done = await Promise.all(jobs);
    expect(done).toHaveLength(3);
  });

  it('rejects with the engine message and keeps serving', async () => {
    await expect(pool.run({ ...label('x'), zpl: 'not zpl' })).rejects.toEqual(
      new RenderError('Error rendering: no labels parsed'),
    );
    expect(await pool.run(label('after'))).toHaveLength(1);
  });
});

describe('RenderPool fair queue', () => {
  it("starts another client's job next, however many jobs the first client queued before it", async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 60_000 });
    try {
      // One worker: the jobs end in the order they start.
      const ended: string[] = [];
      const queue = (client: string, name: string) =>
        pool.run(label(name), { client }).then(() => void ended.push(name));
      const jobs = [1, 2, 3, 4, 5].map((i) => queue('a', `a${i}`));
      jobs.push(queue('b', 'b1'));
      expect(pool.stats).toEqual({ workers: 1, busy: 0, queued: 6 });
      await Promise.all(jobs);
      expect(ended).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
    } finally {
      await pool.close();
    }
  });

  it("refuses a client's jobs past maxQueue waiting, not another client's", async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 60_000, maxQueue: 2 });
    try {
      await pool.warmUp();
      const a = [pool.run(label('a1'), { client: 'a' }), pool.run(label('a2'), { client: 'a' })];
      a.push(pool.run(label('a3'), { client: 'a' }));
      expect(pool.stats).toEqual({ workers: 1, busy: 1, queued: 2 });
      await expect(pool.run(label('a4'), { client: 'a' })).rejects.toBeInstanceOf(RenderBusyError);
      const b = pool.run(label('b1'), { client: 'b' });
      expect(await Promise.all([...a, b])).toHaveLength(4);
    } finally {
      await pool.close();
    }
  });
});

describe('RenderPool time limit', () => {
  it('stops a thread that runs too long and drops it from the pool', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 1 });
    try {
      await pool.warmUp();
      const big = { ...label('x'.repeat(200)), widthMm: 300, heightMm: 300 };
      await expect(pool.run(big)).rejects.toBeInstanceOf(RenderTimeoutError);
      expect(pool.stats.workers).toBe(0);
    } finally {
      await pool.close();
    }
    await expect(pool.run(label('closed'))).rejects.toThrow('the render pool is closed');
  });
});

describe('RenderPool cancellation and limits', () => {
  const slow = {
    op: 'render',
    zpl: '^XA^FO20,20^A0N,400,400^FDslow^FS^XZ',
    widthMm: 150,
    heightMm: 150,
    dpmm: 12,
  } as const;

  it('drops a waiting job when its signal aborts, and stops the thread of a running one', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 60_000 });
    try {
      await pool.warmUp();
      const running = new AbortController();
      const waiting = new AbortController();
      const a = pool.run(slow, { signal: running.signal });
      const b = pool.run(label('queued'), { signal: waiting.signal });
      expect(pool.stats).toEqual({ workers: 1, busy: 1, queued: 1 });
      waiting.abort();
      await expect(b).rejects.toBeInstanceOf(RenderCancelledError);
      expect(pool.stats.queued).toBe(0);
      running.abort();
      await expect(a).rejects.toBeInstanceOf(RenderCancelledError);
      expect(pool.stats.workers).toBe(0);
      expect(await pool.run(label('after'))).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('fails the job, not the server, when a thread passes its heap limit', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 60_000, maxHeapMb: 1 });
    try {
      await expect(pool.run(label('x'))).rejects.toBeInstanceOf(RenderError);
      expect(pool.stats.workers).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
