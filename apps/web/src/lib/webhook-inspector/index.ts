import { CHANNEL_PATTERN, DEFAULT_CHANNEL, generateSecurityToken } from '@lab/core/webhooks';
import { secureStorage } from '@/lib/secureStorage';

/**
 * This site's own webhook inspector (the Shipment Visibility Webhook page, `/api/fdxwebhook`) as
 * other screens reach it: where it receives (`destinationUrl`), the channels and the security token
 * it keeps in the browser. The Simulator subscribes it to the carrier twin's webhooks with the same
 * token, so the inspector's signature check is green.
 */

export { CHANNEL_PATTERN, DEFAULT_CHANNEL };

/** The inspector's security token, in secure storage (one for every channel). */
export const TOKEN_STORAGE_KEY = 'fdxWebhook.token';
/** The channels used besides the default one, as a JSON array in localStorage. */
export const CHANNELS_STORAGE_KEY = 'fdxWebhook.channels';

/** The inspector page's path below /lab, showing `channel`. */
export const INSPECTOR_PAGE = '/api/fdxwebhook';
export const inspectorPagePath = (channel: string) => `${INSPECTOR_PAGE}?channel=${encodeURIComponent(channel)}`;

/** Where the carrier must send: the configured public base URL, else this page's origin. */
export function destinationUrl(publicBaseUrl: string | null | undefined, origin: string, channel: string): string {
  const base = (publicBaseUrl || origin).replace(/\/+$/, '');
  return `${base}/lab/hooks/fdx/${channel}`;
}

/** The channels this browser has used, the default one first (valid names only, no repeats). */
export function knownChannels(): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(CHANNELS_STORAGE_KEY) ?? '[]') as unknown;
    const list = Array.isArray(saved)
      ? saved.filter((c): c is string => typeof c === 'string' && CHANNEL_PATTERN.test(c))
      : [];
    return [...new Set([DEFAULT_CHANNEL, ...list])];
  } catch {
    return [DEFAULT_CHANNEL];
  }
}

/** Keeps the list of used channels (the default one is implied, not stored). */
export function saveKnownChannels(channels: readonly string[]): void {
  localStorage.setItem(CHANNELS_STORAGE_KEY, JSON.stringify(channels.filter((c) => c !== DEFAULT_CHANNEL)));
}

/** The inspector's saved token, if any. */
export const readInspectorToken = () => secureStorage.get<string>(TOKEN_STORAGE_KEY);

/** Saves (or, when empty, forgets) the inspector's token. */
export const saveInspectorToken = (token: string) =>
  token ? secureStorage.set(TOKEN_STORAGE_KEY, token) : secureStorage.remove(TOKEN_STORAGE_KEY);

/**
 * The inspector's token; when it has none yet, one is generated as the inspector's own generate
 * button does and saved where the inspector reads it.
 */
export async function ensureInspectorToken(): Promise<{ token: string; generated: boolean }> {
  const saved = await readInspectorToken();
  if (saved) return { token: saved, generated: false };
  const token = generateSecurityToken();
  await saveInspectorToken(token);
  return { token, generated: true };
}
