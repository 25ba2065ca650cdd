import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';
import { listenLoopback } from '../test/http.js';
import { stalledSseClient } from '../test/sseReader.js';

describe('realtime backpressure', () => {
  it('disconnects a client that stops reading once its unread bytes pass SSE_BUFFER_LIMIT_BYTES', async () => {
    const t = await buildTestApp('sqlite', { sseBufferLimitBytes: 64 * 1024 });
    try {
      const base = await listenLoopback(t.app);
      const client = await stalledSseClient(base, '/lab/api/realtime?topics=slow', ': subscribed');
      const big = 'x'.repeat(4000);
      // ~40 MB offered at most.
      await client.flood((i) => t.app.bus.publish('slow', { i, big }));
      expect(t.logs.lines.some((l) => l.msg === 'realtime client too slow; disconnected')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
