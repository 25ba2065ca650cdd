import { queryOptions } from '@tanstack/react-query';
import type { WebhookDetail } from '@lab/core/contract';
import { checkDeliverySignature, SIGNATURE_HEADER, type DeliverySignatureCheck } from '@lab/core/webhooks';
import { apiCall } from '@/lib/api';
import { dateTimeIn } from '@/lib/dateTime';

export const LIST_SIZE = 30;

/** The webhook page's reads: their query keys live here and nowhere else. */
export const webhookQueries = {
  /** The latest LIST_SIZE deliveries of a channel, newest first (realtime events refresh it). */
  list: (channel: string) =>
    queryOptions({
      queryKey: ['webhooks', channel],
      queryFn: () => apiCall('webhooks.list', { params: { channel }, query: { page: 1, size: LIST_SIZE } }),
    }),
  /** One delivery with its headers and exact bytes (never changes once stored). */
  detail: (channel: string, id: number) =>
    queryOptions({
      queryKey: ['webhook', channel, id],
      queryFn: () => apiCall('webhooks.get', { params: { channel, id } }),
      staleTime: Infinity,
    }),
  schemas: queryOptions({
    queryKey: ['webhook-schemas'],
    queryFn: () => apiCall('webhooks.schemas'),
    staleTime: Infinity,
  }),
};

/** Deletes one delivery, or every delivery of the channel when `id` is undefined. */
export const deleteWebhooks = (channel: string, id?: number) =>
  id === undefined
    ? apiCall('webhooks.deleteChannel', { params: { channel } })
    : apiCall('webhooks.delete', { params: { channel, id } });

export function base64Bytes(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export type SignatureCheck = DeliverySignatureCheck;

/**
 * Signs the exact bytes received with the token and, for a compressed delivery, the decoded body
 * too (senders sign either), and compares with the received header.
 */
export async function checkStoredSignature(detail: WebhookDetail, token: string): Promise<SignatureCheck> {
  const header = detail.headers[SIGNATURE_HEADER];
  const received = detail.signature ?? (Array.isArray(header) ? header.join(', ') : (header ?? null));
  const decoded = base64Bytes(detail.bodyBase64);
  return checkDeliverySignature(
    {
      received: detail.receivedBase64 ? base64Bytes(detail.receivedBase64) : decoded,
      decoded,
      encoding: detail.contentEncoding,
    },
    token,
    received,
  );
}

/** Received time as shown in the list: Asia/Shanghai, `YYYY-MM-DD HH:mm:ss`. */
export const formatShanghaiTime = dateTimeIn('Asia/Shanghai');
