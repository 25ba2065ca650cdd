import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    stratus_orders: StratusOrderTable;
    stratus_labels: StratusLabelTable;
    stratus_tokens: StratusTokenTable;
  }
}

/** An order placed with the Stratus simulator: what it settles to is decided when it is placed. */
export interface StratusOrderTable {
  /** Insertion order, for retention (oldest first). */
  id: Generated<number>;
  /** The order id (a UUID) the client polls. */
  order_id: string;
  /** The client key its token was issued to (its line in the render pool). */
  owner: string;
  /** COMPLETED or FAILED: what the order shows once its pending polls are spent. */
  outcome: string;
  /** FAILED: the rule it broke, in words. */
  message: string | null;
  /** GETs answered so far. */
  polls: number;
  /** ISO-8601 UTC. */
  created: string;
}

/** One label of an order: per package (COMPLETED), or the one error label (FAILED, package 0). */
export interface StratusLabelTable {
  order_id: string;
  package_number: number;
  /** '' on the error label. */
  tracking_number: string;
  /** ZPL or PDF. */
  image_type: string;
  /** The label program; PDF labels are rendered from it. */
  zpl: string;
  /** Base64 of what the poll returns; null until a PDF is rendered. */
  data: string | null;
}

/** A live token (shared by every instance on the database): SHA-256 hex of the bearer token, never the token. */
export interface StratusTokenTable {
  /** Issue order: the oldest go first past the bound. */
  id: Generated<number>;
  token_hash: string;
  /** The client key it was issued to. */
  client: string;
  /** Epoch ms when it expires (bigint: PostgreSQL answers it as text). */
  expires: number | string;
}
