import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';
import { stalledSseClient } from '../test/sseReader.js';

describe('realtime backpressure', () => {
  it('disconnects a client that stops reading once its unread bytes pass SSE_BUFFER_LIMIT_BYTES', async () => {
    const t = await buildTestApp('sqlite', { sseBufferLimitBytes: 64 * 1024 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const client = await stalledSseClient(port, '/lab/api/realtime?topics=slow', ': subscribed');
      const big = 'x'.repeat(4000);
      // ~40 MB offered at most.
      await client.flood((i) => t.app.bus.publish('slow', { i, big }));
      expect(t.logs.lines.some((l) => l.msg === 'realtime client too slow; disconnected')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
