import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    print_listeners: PrintListenerTable;
    print_jobs: PrintJobTable;
    print_logs: PrintLogTable;
    print_relay_hits: PrintRelayHitTable;
    print_receivers: PrintReceiverTable;
  }
}

/** Listen ids the relay issued (unguessable); administrator ids come from config instead. */
export interface PrintListenerTable {
  listen_id: string;
  /** ISO-8601 UTC. */
  created: string;
}

/** A job sent to a listen id (the product's log_remote). */
export interface PrintJobTable {
  id: Generated<number>;
  /** Random UUID, the job's public id. */
  task_id: string;
  /** The listen id it was sent to. */
  remote_id: string;
  /** The sender's node id (REMOTE_xxx). */
  subscribe_id: string;
  print_data: string;
  size: number;
  /** ISO-8601 UTC. */
  created: string;
  expires_at: string;
  /** When the job was announced to a receiver (ISO-8601 UTC); null while it is pending. */
  announced_at: string | null;
  /** The receiver's node id when a connecting receiver was given it; `*` when announced on the topic. */
  announced_to: string | null;
  /**
   * When the job was first written to a receiver's stream (ISO-8601 UTC); null until then. A job
   * announced on the topic (`*`) but never written is given to the next receiver that connects.
   */
  written_at: string | null;
}

/** What a receiver did with a job (the product's log_printer). */
export interface PrintLogTable {
  id: Generated<number>;
  /** The receiver's node id (PRINTER_xxx). */
  node_id: string;
  /** The sender's node id, from the job. */
  subscribe_id: string;
  is_printed: number;
  task_id: string;
  /** The listen id. */
  remote_id: string;
  print_data: string;
  size: number;
  message: string;
  /** ISO-8601 UTC. */
  created: string;
}

/** Requests of one address to one route in one minute (rate limits shared by every instance). */
export interface PrintRelayHitTable {
  /** `<route>|<address>|<minute>`. */
  bucket: string;
  hits: number;
  /** ISO-8601 UTC end of the minute; older rows are removed. */
  window_end: string;
}

/** A receiver's open event stream, on some instance; counted while its lease runs. */
export interface PrintReceiverTable {
  id: Generated<number>;
  listen_id: string;
  /** The receiver page's node id (PRINTER_xxx). */
  node_id: string;
  /** The instance holding the stream (random per process). */
  instance_id: string;
  /** ISO-8601 UTC. */
  connected_at: string;
  /** ISO-8601 UTC; renewed by the instance while the stream is open. */
  lease_until: string;
}
