import { vi } from 'vitest';

/** A stand-in for the browser's EventSource (jsdom has none): the test opens it and pushes events. */
export class FakeEventSource {
  static readonly OPEN = 1;
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: MessageEvent<string>) => void) | null = null;
  constructor(readonly url: string) {}
  /** The server answered: the stream is open. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** One message, its `data:` text as the server wrote it. */
  send(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** One event as our streams send it: `{topic, data}`. */
  emit(topic: string, data: unknown) {
    this.send(JSON.stringify({ topic, data }));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

/**
 * Replaces the global EventSource until `vi.unstubAllGlobals()`; returns the streams the page
 * opens, in order. Each opens right after it is created (a server that answers at once) unless
 * `openAtOnce` is false, when the test calls `open()` itself.
 */
export function stubEventSource({ openAtOnce = true } = {}): FakeEventSource[] {
  const streams: FakeEventSource[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends FakeEventSource {
      constructor(url: string) {
        super(url);
        streams.push(this);
        if (openAtOnce) queueMicrotask(() => this.open());
      }
    },
  );
  return streams;
}
