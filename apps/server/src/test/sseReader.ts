import net from 'node:net';
import { Conditions } from './conditions.js';

/** An event of our streams (/realtime, the print relay's receiver stream): `{"topic","data"}`. */
export interface SseEvent {
  topic: string;
  data: any;
}

/**
 * A Server-Sent Events reader over fetch, for every server test that reads a stream and the
 * webhooks benchmark. An event may arrive split over chunks: it is parsed once its blank line is in.
 */
export interface SseReader {
  /** The stream's response headers. */
  headers: Headers;
  /** Everything read so far as text, retry hint and comments included. */
  raw(): string;
  /** The events that arrived and were not taken by `next`, in order. */
  readonly events: SseEvent[];
  /** Resolves with (and takes) the first event that satisfies `match`, or rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once `check` holds over what arrived: no deadline of its own, the test's timeout bounds it. */
  until(check: () => boolean): Promise<void>;
  close(): void;
  /** Resolves when the server ends the stream (or close() aborts it). */
  readonly ended: Promise<void>;
}

export async function openSse(url: string): Promise<SseReader> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`SSE ${url} answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const arrived = new Conditions();
  let raw = '';
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data));
        }
        arrived.changed();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    headers: res.headers,
    raw: () => raw,
    events,
    next: async (match, timeoutMs = 5000) => {
      let taken: SseEvent | undefined;
      const take = () => {
        const i = events.findIndex(match);
        if (i !== -1) taken = events.splice(i, 1)[0];
        return taken !== undefined;
      };
      await arrived.until(take, { ms: timeoutMs, message: `no matching SSE event within ${timeoutMs} ms` });
      return taken!;
    },
    until: (check) => arrived.until(check),
    close: () => controller.abort(),
    ended,
  };
}

/**
 * A client of the event stream at `base` + `path` that reads until `greeting` has arrived, then
 * never again (a browser tab that stopped reading). `flood` offers it events until the server hangs
 * up — the OS buffers some, the server must stop buffering the rest — and resolves then.
 */
export async function stalledSseClient(base: string, path: string, greeting: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let head = '';
  await new Promise<void>((resolve) => {
    socket.on('data', (d) => {
      head += d.toString();
      if (head.includes(greeting)) resolve();
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
  socket.pause();
  socket.removeAllListeners('data');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    /** Calls `offer` (up to 10,000 times) until the server has disconnected the client. */
    async flood(offer: (i: number) => Promise<unknown>) {
      for (let i = 0; i < 10_000 && !socket.destroyed; i++) {
        await offer(i);
        if (i % 100 === 0) await new Promise((r) => setImmediate(r));
      }
      socket.resume();
      socket.on('data', () => {});
      await closed;
    },
  };
}
