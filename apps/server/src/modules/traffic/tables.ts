import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    traffic_entries: TrafficEntryTable;
  }
}

/** One entry of the traffic log, shared by every instance on the database (bounded: store.ts). */
export interface TrafficEntryTable {
  /** Insertion order: the entry's id, and what goes first past a bound (the oldest). */
  id: Generated<number>;
  /** What the entry counts against TRAFFIC_MAX_BYTES: its URL, bodies and headers. */
  bytes: number;
  /** The entry (TrafficEntry without its id) as JSON, redacted and cut, its conformance settled. */
  entry: string;
}
