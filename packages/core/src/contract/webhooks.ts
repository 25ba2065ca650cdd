import { z } from 'zod';
import { CHANNEL_PATTERN } from '../webhooks/index.js';

/** Channels name receiver URLs: /lab/hooks/fdx/{channel}. */
export const webhookChannel = z
  .string()
  .regex(CHANNEL_PATTERN, 'a channel is 1 to 40 lower-case letters, digits or dashes');

/** One received delivery as the list shows it and the realtime topic `webhooks/{channel}` carries it. */
export const webhookSummary = z.object({
  id: z.number().int(),
  channel: z.string(),
  /** ISO-8601 UTC. */
  receivedAt: z.string(),
  path: z.string(),
  /** The x-fedex-signature header as received. */
  signature: z.string().nullable(),
  /** outputMetaData[0].transactionId of a JSON body. */
  transactionId: z.string().nullable(),
  /** outputMetaData[0].timestamp of a JSON body. */
  timestamp: z.string().nullable(),
  isJson: z.boolean(),
  /** Body size in bytes. */
  size: z.number().int(),
});
export type WebhookSummary = z.output<typeof webhookSummary>;

export const webhookDetail = webhookSummary.extend({
  method: z.string(),
  query: z.string(),
  sourceIp: z.string(),
  contentType: z.string().nullable(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The body decoded as UTF-8 (invalid sequences become U+FFFD). */
  body: z.string(),
  /** The exact bytes (decoded from their Content-Encoding), for signature checks of bodies that are not valid UTF-8. */
  bodyBase64: z.string(),
  /** The Content-Encoding the body arrived with (null: none). */
  contentEncoding: z.string().nullable().optional(),
  /** With a Content-Encoding: the bytes exactly as received, still encoded. */
  receivedBase64: z.string().optional(),
});
export type WebhookDetail = z.output<typeof webhookDetail>;

export const webhookListQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  size: z.coerce.number().int().min(1).max(100, 'size is at most 100').default(30),
});
export type WebhookListQuery = z.input<typeof webhookListQuery>;
export const webhookPage = z.object({
  items: z.array(webhookSummary),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type WebhookPage = z.output<typeof webhookPage>;

export const webhookChannelParams = z.object({ channel: webhookChannel });
export const webhookIdParams = z.object({
  channel: webhookChannel,
  id: z.coerce.number().int().positive('id must be a positive integer'),
});

export const webhooksDeletedReply = z.object({ deleted: z.number().int() });
export type WebhooksDeletedReply = z.output<typeof webhooksDeletedReply>;

/** Schema name → JSON Schema: the webhook envelope and the tracking API's schemas. */
export const webhookSchemaMap = z.record(z.string(), z.record(z.string(), z.unknown()));
export type WebhookSchemaMap = z.output<typeof webhookSchemaMap>;

/** What the receiver answers the carrier once the delivery is stored. */
export const webhookReceivedReply = z.object({ received: z.literal(true), id: z.number().int() });
