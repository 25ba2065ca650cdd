/** A Server-Sent Events reader over fetch, for the webhooks tests and benchmark. */
export interface SseReader {
  /** Resolves with the first event's data that satisfies `match`, or rejects after `timeoutMs`. */
  next(
    match: (data: { topic: string; data: any }) => boolean,
    timeoutMs?: number,
  ): Promise<{ topic: string; data: any }>;
  close(): void;
}

export async function openSse(url: string): Promise<SseReader> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`SSE ${url} answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: { topic: string; data: any }[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
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
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    next: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const i = events.findIndex(match);
          if (i === -1) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events.splice(i, 1)[0]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching SSE event within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => controller.abort(),
  };
}
