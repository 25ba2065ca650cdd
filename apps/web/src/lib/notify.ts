import type { MessageInstance } from 'antd/es/message/interface';

/** How long each kind of notice stays, in seconds (the product's promise). */
export const NOTIFY_SECONDS = { search: 3, bookmark: 3, default: 5, error: 10, memo: 2 } as const;

type Kind = 'success' | 'info' | 'warning' | 'error';

let api: MessageInstance | undefined;

/** Set by <NotifyBridge/> inside antd's <App>, so notices follow the theme and locale. */
export function bindNotify(instance: MessageInstance | undefined) {
  api = instance;
}

/**
 * `key`: a notice with the same key replaces the one on screen (and restarts its time) instead of
 * stacking under it, for events that come in bursts.
 */
function show(kind: Kind, content: string, seconds?: number, key?: string) {
  const duration = seconds ?? (kind === 'error' ? NOTIFY_SECONDS.error : NOTIFY_SECONDS.default);
  if (!api) {
    // Before the app mounts (or in a bare unit test) there is nowhere to show it.
    console.warn(`[notify:${kind}] ${content}`);
    return;
  }
  void api.open({ type: kind, content, duration, ...(key ? { key } : {}) });
}

export const notify = {
  success: (content: string, seconds?: number) => show('success', content, seconds),
  info: (content: string, seconds?: number, key?: string) => show('info', content, seconds, key),
  warning: (content: string, seconds?: number) => show('warning', content, seconds),
  error: (content: string, seconds?: number) => show('error', content, seconds),
};
