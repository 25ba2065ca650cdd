import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLabApp, freshDatabaseConfig, dialectsFor, loadLabConfig, testDialects } from '../test/helpers.js';
import { listenLoopback } from '../test/http.js';
import { suiteApp } from '../test/suiteFixtures.js';
import { openSse } from '../test/sseReader.js';
import { BusMessageTooLargeError, MemoryBus, pgChannel } from './bus.js';
import type { FastifyInstance } from 'fastify';

describe('pgChannel', () => {
  it('is lab_events for the default schema, one per schema otherwise, and always a valid identifier', () => {
    expect(pgChannel()).toBe('lab_events');
    expect(pgChannel('t_0a1b2c')).toBe('lab_events_t_0a1b2c');
    const long = 's'.repeat(63);
    expect(pgChannel(long)).toMatch(/^lab_events_[0-9a-f]{40}$/);
    expect(pgChannel(long)).toBe(pgChannel(long));
    expect(pgChannel(long)).not.toBe(pgChannel(`${'s'.repeat(62)}t`));
    expect(Buffer.byteLength(pgChannel('模式'.repeat(20)))).toBeLessThanOrEqual(63);
  });
});

describe('MemoryBus', () => {
  it('delivers to subscribers of the topic only, and stops after unsubscribe', async () => {
    const bus = new MemoryBus();
    const got: unknown[] = [];
    const off = bus.subscribe('webhooks/a', (d) => got.push(d));
    bus.subscribe('webhooks/b', () => got.push('wrong'));
    await bus.publish('webhooks/a', { id: 1 });
    off();
    await bus.publish('webhooks/a', { id: 2 });
    expect(got).toEqual([{ id: 1 }]);
  });

  it('refuses messages over the NOTIFY size limit and invalid topics, like the PostgreSQL bus', async () => {
    const bus = new MemoryBus();
    await expect(bus.publish('t', 'x'.repeat(8000))).rejects.toBeInstanceOf(BusMessageTooLargeError);
    await expect(bus.publish('Bad Topic', 1)).rejects.toThrow('invalid topic');
  });
});

// Dialect-sensitive: the bus is LISTEN/NOTIFY on PostgreSQL, in memory on SQLite.
describe.each(dialectsFor('dialect-sensitive'))('SSE /lab/api/realtime on %s', (dialect) => {
  const t = suiteApp(dialect, { sseHeartbeatMs: 50 });
  let base: string;
  beforeAll(async () => {
    base = await listenLoopback(t.app);
  });

  it('streams events of the subscribed topics with a retry hint and heartbeats', async () => {
    const stream = await openSse(`${base}/lab/api/realtime?topics=webhooks/one,webhooks/two`);
    await stream.until(() => stream.raw().includes(': subscribed'));
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await t.app.bus.publish('webhooks/one', { id: 7 });
    await t.app.bus.publish('webhooks/other', { id: 8 });
    await t.app.bus.publish('webhooks/two', { id: 9 });
    await stream.until(() => stream.events.length >= 2);
    expect(stream.events).toEqual([
      { topic: 'webhooks/one', data: { id: 7 } },
      { topic: 'webhooks/two', data: { id: 9 } },
    ]);
    await stream.until(() => stream.raw().includes(': ping\n\n')); // a heartbeat (every 50 ms here)
    expect(stream.raw()).toMatch(/^retry: 3000\n/);
    expect(stream.raw()).toContain(': ping\n\n');
    stream.close();
  });

  it('rejects a request without topics with a clear message', async () => {
    const res = await t.app.inject('/lab/api/realtime');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring\.topics: /);
  });
});

// Defined only when the suite runs on PostgreSQL (CI), so a run without it lists no skipped test.
if (testDialects.includes('postgres'))
  describe('two instances on one PostgreSQL database', () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const fresh = await freshDatabaseConfig('postgres');
      drop = fresh.drop;
      const config = loadLabConfig({ LOG_LEVEL: 'silent' }, { database: fresh.config, webDistDir: '/nonexistent' });
      a = await buildLabApp(config);
      b = await buildLabApp(config, { migrate: false });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await drop();
    });

    it('an instance on a sibling schema of the same database never sees their events', async () => {
      const other = await freshDatabaseConfig('postgres');
      const c = await buildLabApp(
        loadLabConfig({ LOG_LEVEL: 'silent' }, { database: other.config, webDistDir: '/nonexistent' }),
      );
      try {
        const topic = 'test/siblings';
        const seen: unknown[] = [];
        let marked: () => void = () => {};
        const marker = new Promise<void>((r) => (marked = r));
        c.bus.subscribe(topic, (data) => (seen.push(data), data === 'c' && marked()));
        await a.bus.publish(topic, 'a');
        // PostgreSQL delivers notifications in commit order: had A's reached C, it would come first.
        await c.bus.publish(topic, 'c');
        await marker;
        expect(seen).toEqual(['c']);
      } finally {
        await c.close();
        await other.drop();
      }
    });

    it('an event published through A reaches an SSE client connected to B', async () => {
      const baseB = await listenLoopback(b);
      const topic = `test/fanout-${Date.now()}`;
      const stream = await openSse(`${baseB}/lab/api/realtime?topics=${topic}`);
      await stream.until(() => stream.raw().includes(': subscribed'));
      await a.bus.publish(topic, { from: 'A' });
      await stream.until(() => stream.events.length >= 1);
      expect(stream.events).toEqual([{ topic, data: { from: 'A' } }]);
      stream.close();
    });
  });
