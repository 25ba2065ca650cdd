declare module '../../db/schema.js' {
  interface Database {
    sim_faults: SimFaultTable;
    sim_fault_tokens: SimFaultTokenTable;
  }
}

/** A fault set on one endpoint (a catalogue id or `oauth-token`), in both environments. */
export interface SimFaultTable {
  endpoint_id: string;
  latency_ms: number;
  jitter_ms: number;
  /** 429, 500, 503 or 504; null = no error status. */
  status: number | null;
  /** The share of calls answered with `status` (0..1). */
  rate: number;
  /** 0/1 */
  token_expired: number;
  /** ISO-8601 UTC: when "token expired" was switched on (tokens issued before then are refused). */
  token_expired_since: string | null;
  /** 0/1 */
  hang: number;
  /** ISO-8601 UTC */
  updated_at: string;
}

/** A token issued while a "token expired" fault was on: SHA-256 hex of the access token. */
export interface SimFaultTokenTable {
  token_hash: string;
  /** ISO-8601 UTC */
  issued_at: string;
}
