import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/** A connection that sends a request's headers and then trickles its body, a byte at a time. */
function trickler(port: number): { socket: net.Socket; closed: Promise<void> } {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    'POST /lab/api/utils/v1/ean HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  const timer = setInterval(() => socket.writable && socket.write(' '), 50);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
  return { socket, closed };
}

/**
 * Resolves once the server holds `n` connections (it counts a socket once it accepted it): checked
 * now and as each connection is accepted, the only moment the count grows.
 */
function accepted(t: TestApp, n: number): Promise<void> {
  const { server } = t.app;
  return new Promise((resolve) => {
    const check = () =>
      server.getConnections((_e, count) => {
        if (count < n) return;
        server.off('connection', check);
        resolve();
      });
    server.on('connection', check);
    check();
  });
}

describe('connections: bounded per client address, a reserve for others, stalled bodies dropped sooner', () => {
  let t: TestApp;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      maxConnections: 30,
      maxConnectionsPerAddress: 20,
      busyBodyTimeoutMs: 400,
      requestTimeoutMs: 60_000,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await t.close();
  });

  it('keeps answering health probes while one address holds more trickling bodies than the server takes', async () => {
    const tricklers = Array.from({ length: 40 }, () => trickler(port));
    sockets.push(...tricklers.map((x) => x.socket));
    await accepted(t, 20);
    let ok = 0;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/lab/api/health`).catch(() => undefined);
      if (res?.status === 200) ok++;
    }
    expect(ok).toBe(20);
    const open = await new Promise<number>((resolve) => t.app.server.getConnections((_e, c) => resolve(c)));
    expect(open).toBeLessThanOrEqual(20);
  });
});

describe('an address holding many connections', () => {
  it('has its trickling bodies closed well before REQUEST_TIMEOUT_MS (60 s)', async () => {
    const t = await buildTestApp('sqlite', {
      maxConnections: 200,
      maxConnectionsPerAddress: 40,
      busyBodyTimeoutMs: 400,
      requestTimeoutMs: 60_000,
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as net.AddressInfo).port;
      const many = Array.from({ length: 30 }, () => trickler(port));
      // Every one of them is closed by the server (the test's own timeout is far below 60 s).
      await Promise.all(many.map((x) => x.closed));
      expect(many.every((x) => x.socket.destroyed)).toBe(true);
      // A request that sends its whole body is served as usual.
      const res = await fetch(`http://127.0.0.1:${port}/lab/api/health`);
      expect(res.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
