import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    webhooks: WebhookTable;
  }
}

export interface WebhookTable {
  id: Generated<number>;
  channel: string;
  /** ISO-8601 UTC. */
  received_at: string;
  method: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  source_ip: string;
  /** JSON object of the request headers (lower-case names). */
  headers: string;
  /** The x-fedex-signature header as received. */
  signature: string | null;
  content_type: string | null;
  /** The Content-Encoding the body arrived with (`body` is still encoded), or null. */
  content_encoding: string | null;
  /** The request body exactly as received (still compressed when content_encoding says so). */
  body: Buffer;
  body_size: number;
  /** 1 when the body parses as JSON. */
  is_json: number;
  /** outputMetaData[0].transactionId of a JSON body. */
  transaction_id: string | null;
  /** outputMetaData[0].timestamp of a JSON body. */
  event_timestamp: string | null;
}
