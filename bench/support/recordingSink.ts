// A local webhook subscriber (node:http, keep-alive) that records every delivery it answers: when,
// and which (its path and a hash of its body), so a benchmark can tell rates, gaps and deliveries
// received twice. Each subscription posts to its own path, so one body sent to two subscriptions
// is two deliveries, not a duplicate.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingSink {
  /** The listener's origin; a subscription posts to `${origin}/lab/hooks/fdx/<name>`. */
  origin: string;
  /** Arrival times (performance.now() ms) of every delivery, in order. */
  times: number[];
  /** Deliveries received, all paths. */
  received(): number;
  /** Distinct deliveries (path + body) received. */
  distinct(): number;
  /** Resolves when `done()` holds (checked now and after each delivery). */
  until(done: () => boolean): Promise<void>;
  /** Called after each delivery is answered (a benchmark's trigger, e.g. a kill mid-burst). */
  onDelivery: (received: number) => void;
  close(): Promise<void>;
}

export async function recordingSink(): Promise<RecordingSink> {
  const seen = new Map<string, number>();
  const times: number[] = [];
  let waiting: { done: () => boolean; resolve: () => void } | undefined;
  const sink: RecordingSink = {
    origin: '',
    times,
    received: () => times.length,
    distinct: () => seen.size,
    until: (done) => (done() ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { done, resolve }))),
    onDelivery: () => {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const hash = createHash('sha1');
    req.on('data', (chunk: Buffer) => hash.update(chunk));
    req.on('end', () => {
      res.end('ok');
      const key = `${req.url} ${hash.digest('hex')}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      times.push(performance.now());
      sink.onDelivery(times.length);
      if (waiting?.done()) waiting.resolve();
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sink;
}

/** The longest time between two consecutive arrivals after `from` (ms), and the first arrival after it. */
export function gapsAfter(times: readonly number[], from: number): { firstAfter: number; longest: number } {
  let longest = 0;
  let previous = from;
  let firstAfter = NaN;
  for (const t of times) {
    if (t < from) continue;
    if (Number.isNaN(firstAfter)) firstAfter = t - from;
    longest = Math.max(longest, t - previous);
    previous = t;
  }
  return { firstAfter, longest };
}
