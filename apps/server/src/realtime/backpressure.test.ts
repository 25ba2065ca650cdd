import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';

describe('realtime backpressure', () => {
  it('disconnects a client that stops reading once its unread bytes pass SSE_BUFFER_LIMIT_BYTES', async () => {
    const t = await buildTestApp('sqlite', { sseBufferLimitBytes: 64 * 1024 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let head = '';
      await new Promise<void>((resolve) => {
        socket.on('data', (d) => {
          head += d.toString();
          if (head.includes(': subscribed')) resolve();
        });
        socket.write('GET /lab/api/realtime?topics=slow HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      socket.pause(); // a browser tab that never reads again
      socket.removeAllListeners('data');
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const big = 'x'.repeat(4000);
      // ~40 MB offered; the OS buffers some, the server must stop buffering the rest.
      for (let i = 0; i < 10_000 && !socket.destroyed; i++) {
        await t.app.bus.publish('slow', { i, big });
        if (i % 100 === 0) await new Promise((r) => setImmediate(r));
      }
      socket.resume();
      socket.on('data', () => {});
      await closed;
      expect(t.logs.lines.some((l) => l.msg === 'realtime client too slow; disconnected')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
