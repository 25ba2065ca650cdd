// A local webhook subscriber (node:http, keep-alive) that counts deliveries, for the simulator's
// webhook benchmarks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookSink {
  /** Where the simulator posts (a receiver-style path on this listener). */
  url: string;
  /** Resolves when `n` more deliveries have arrived. */
  expect(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function webhookSink(): Promise<WebhookSink> {
  let received = 0;
  let target = Infinity;
  let reached: () => void = () => {};
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end('ok');
      if (++received >= target) reached();
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lab/hooks/fdx/bench`,
    expect(n) {
      target = received + n;
      return new Promise<void>((resolve) => (reached = resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
