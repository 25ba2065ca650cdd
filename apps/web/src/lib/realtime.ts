import { useEffect, useRef, useState } from 'react';
import { apiUrl } from './api';

export interface RealtimeMessage {
  topic: string;
  data: unknown;
}

/**
 * Subscribes to server topics over one EventSource (GET /lab/api/realtime?topics=…). The browser
 * reconnects by itself (the server sends a `retry:` hint); `connected` tells the screen.
 */
export function useRealtime(topics: string[], onEvent: (topic: string, data: unknown) => void): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = [...topics].sort().join(',');

  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(`/realtime?topics=${encodeURIComponent(key)}`));
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
  }, [key]);

  return { connected };
}
