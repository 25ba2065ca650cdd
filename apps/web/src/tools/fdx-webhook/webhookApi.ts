import { checkWebhookSignature, SIGNATURE_HEADER, type WebhookSummary } from '@lab/core/webhooks';

export { CHANNEL_PATTERN, DEFAULT_CHANNEL, type WebhookSummary } from '@lab/core/webhooks';
import { apiFetch } from '@/lib/api';

export interface WebhookDetail extends WebhookSummary {
  method: string;
  query: string;
  sourceIp: string;
  contentType: string | null;
  headers: Record<string, string | string[]>;
  body: string;
  bodyBase64: string;
}

export interface WebhookPage {
  items: WebhookSummary[];
  total: number;
  page: number;
  size: number;
}

export type JsonSchemaMap = Record<string, Record<string, unknown>>;

export const LIST_SIZE = 30;
export const TOKEN_STORAGE_KEY = 'fdxWebhook.token';

export const listWebhooks = (channel: string) => apiFetch<WebhookPage>(`/webhooks/${channel}?page=1&size=${LIST_SIZE}`);
export const getWebhook = (channel: string, id: number) => apiFetch<WebhookDetail>(`/webhooks/${channel}/${id}`);
export const deleteWebhook = (channel: string, id: number) =>
  apiFetch<{ deleted: number }>(`/webhooks/${channel}/${id}`, { method: 'DELETE' });
export const deleteAllWebhooks = (channel: string) =>
  apiFetch<{ deleted: number }>(`/webhooks/${channel}`, { method: 'DELETE' });
export const getSchemas = () => apiFetch<JsonSchemaMap>('/webhooks/schemas');

/** Where the carrier must send: the configured public base URL, else this page's origin. */
export function destinationUrl(publicBaseUrl: string | null | undefined, origin: string, channel: string): string {
  const base = (publicBaseUrl || origin).replace(/\/+$/, '');
  return `${base}/lab/hooks/fdx/${channel}`;
}

export function base64Bytes(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export interface SignatureCheck {
  status: 'match' | 'mismatch';
  expected: string;
  received: string | null;
}

/** Signs the exact stored bytes with the token and compares with the received header. */
export async function checkStoredSignature(detail: WebhookDetail, token: string): Promise<SignatureCheck> {
  const header = detail.headers[SIGNATURE_HEADER];
  const received = detail.signature ?? (Array.isArray(header) ? header.join(', ') : (header ?? null));
  return checkWebhookSignature(base64Bytes(detail.bodyBase64), token, received);
}

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Received time as shown in the list: Asia/Shanghai, `YYYY-MM-DD HH:mm:ss`. */
export function formatShanghaiTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : shanghai.format(d);
}
