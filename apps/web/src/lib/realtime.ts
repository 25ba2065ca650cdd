import { useEffect, useRef, useState } from 'react';
import { apiUrl } from './api';

/** What every server event stream sends on a `data:` line. */
export interface RealtimeMessage {
  topic: string;
  data: unknown;
}

/**
 * Reads one server event stream (EventSource) while `url` is set: each `{topic, data}` message goes
 * to `onEvent` (anything else is ignored), `connected` tells the screen. The browser reconnects by
 * itself (the server sends a `retry:` hint) and the stream closes when the URL changes or the
 * screen goes. Without EventSource (old browsers, tests) nothing is opened.
 */
export function useEventStream(
  url: string | null,
  onEvent: (topic: string, data: unknown) => void,
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    source.onmessage = (ev: MessageEvent<string>) => {
      try {
        const msg = JSON.parse(ev.data) as RealtimeMessage;
        handler.current(msg.topic, msg.data);
      } catch {
        // not ours; ignore
      }
    };
    return () => {
      source.close();
      setConnected(false);
    };
  }, [url]);

  return { connected };
}

/** Subscribes to server topics over one stream (GET /lab/api/realtime?topics=…); no topics, no stream. */
export function useRealtime(topics: string[], onEvent: (topic: string, data: unknown) => void): { connected: boolean } {
  const key = [...topics].sort().join(',');
  return useEventStream(key ? apiUrl(`/realtime?topics=${encodeURIComponent(key)}`) : null, onEvent);
}
