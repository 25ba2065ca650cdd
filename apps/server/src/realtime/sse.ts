import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * The one Server-Sent Events writer: /realtime and the print relay's receiver stream. Every event is
 * `{"topic","data"}` on the default event type with an id counting from 1, so one EventSource
 * `onmessage` serves every topic.
 */

/** The headers of an event stream (HEAD /realtime answers the first two without opening one). */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** How soon EventSource reconnects after a stream ends (its `retry:` hint). */
const RETRY_MS = 3000;

export interface EventStream {
  /** Sends `{topic, data}` as the next event; nothing once the stream has ended. */
  send(topic: string, data: unknown): void;
  /** Resolves once the client has read what was written (or the stream ended): paces a burst. */
  drained(): Promise<void>;
  /** Whether the stream has ended: the client left, was too slow, or the server ended it. */
  readonly ended: boolean;
  /** Runs `fn` once when the stream ends, whoever ends it. */
  onEnd(fn: () => void): void;
  /**
   * Ends the stream. Destroyed, not ended: an ended stream's socket can linger (a client that stopped
   * reading never takes the rest) and hold the server's close. EventSource reconnects either way.
   */
  end(): void;
}

/** Open event streams, so shutdown ends them instead of waiting for browsers to hang up. */
export class SseStreams {
  private readonly open = new Set<EventStream>();
  add(stream: EventStream) {
    this.open.add(stream);
    stream.onEnd(() => this.open.delete(stream));
  }
  get size() {
    return this.open.size;
  }
  endAll() {
    for (const stream of [...this.open]) stream.end();
  }
}

export interface EventStreamOptions {
  /** The comment after the retry hint, which tells a client it is connected: `subscribed a,b`. */
  greeting: string;
  /** A `: ping` comment this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /**
   * A client whose unread bytes pass this (SSE_BUFFER_LIMIT_BYTES) has stopped reading: it is
   * disconnected rather than buffered without bound; EventSource reconnects and the page reloads.
   */
  bufferLimitBytes: number;
  /** Where the stream is registered, so shutdown ends it. */
  streams: SseStreams;
  log: FastifyBaseLogger;
  /** The warning logged when a client is too slow, e.g. `realtime client too slow; disconnected`. */
  slowClientMessage: string;
}

/** Takes the reply over and opens an event stream on it: headers, retry hint and greeting, heartbeat. */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const res: ServerResponse = reply.raw;
  res.writeHead(200, EVENT_STREAM_HEADERS);
  const endings: (() => void)[] = [];
  let ended = false;
  let seq = 0;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    res.destroy();
    for (const fn of endings.splice(0)) fn();
  };
  const write = (text: string) => {
    if (ended || res.destroyed) return;
    if (res.writableLength > options.bufferLimitBytes) {
      options.log.warn({ unread: res.writableLength }, options.slowClientMessage);
      end();
      return;
    }
    res.write(text);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();
  res.on('close', end);
  const stream: EventStream = {
    send(topic, data) {
      seq += 1;
      write(`id: ${seq}\ndata: ${JSON.stringify({ topic, data })}\n\n`);
    },
    drained: () =>
      new Promise<void>((resolve) => {
        if (ended || !res.writableNeedDrain) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }),
    get ended() {
      return ended;
    },
    onEnd(fn) {
      if (ended) fn();
      else endings.push(fn);
    },
    end,
  };
  write(`retry: ${RETRY_MS}\n: ${options.greeting}\n\n`);
  options.streams.add(stream);
  return stream;
}
