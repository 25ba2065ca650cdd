import { z } from 'zod';
import { LISTEN_ID_PATTERN, NODE_ID_PATTERN } from '../print/index.js';

/** A remote printer's listen id (also its realtime topic `print-relay/{listenId}`). */
export const printListenId = z
  .string()
  .regex(LISTEN_ID_PATTERN, 'a listen id is 1 to 64 lower-case letters, digits, _ or -');

export const printNodeId = z.string().regex(NODE_ID_PATTERN, 'a node id is PRINTER_ or REMOTE_ plus 3 characters');

/** GET /print-relay/config — what the Browser Print screen needs from the site. */
export const printRelayConfigReply = z.object({
  /** The administrator's pre-set listen id (for non-sensitive testing), or null. */
  presetListenId: z.string().nullable(),
  remoteZplSample: z.string(),
  /** Origins the site's CSP lets the page call as a local agent. */
  agentOrigins: z.array(z.string()),
  maxJobBytes: z.number().int(),
  jobTtlSeconds: z.number().int(),
  historySize: z.number().int(),
});
export type PrintRelayConfig = z.output<typeof printRelayConfigReply>;

/** POST /print-relay/listen-ids — a new unguessable listen id. */
export const printListenIdReply = z.object({ listenId: z.string() });
export type PrintListenIdReply = z.output<typeof printListenIdReply>;

export const printListenParams = z.object({ listenId: printListenId });
export const printJobParams = z.object({ listenId: printListenId, taskId: z.uuid('not a task id') });

/** POST /print-relay/:listenId/jobs */
export const printJobCreate = z.object({
  /** The sender's node id (REMOTE_xxx). */
  nodeId: printNodeId,
  printData: z.string().min(1, 'the print job is empty'),
});
export type PrintJobCreate = z.input<typeof printJobCreate>;

/** A stored job; the realtime event `{type:'job'}` carries the same fields (printData when small). */
export const printJob = z.object({
  taskId: z.string(),
  /** The listen id it was sent to. */
  remoteId: z.string(),
  /** The sender's node id. */
  subscribeId: z.string(),
  printData: z.string(),
  /** ISO-8601 UTC. */
  created: z.string(),
  expiresAt: z.string(),
  size: z.number().int(),
});
export type PrintJob = z.output<typeof printJob>;

/**
 * POST /print-relay/:listenId/jobs — the stored job and how many receivers were connected (on any
 * instance). With none the job is pending: it is announced to the first receiver that connects.
 */
export const printJobSent = printJob.extend({ receivers: z.number().int() });
export type PrintJobSent = z.output<typeof printJobSent>;

/** pending: no receiver has had it yet; delivered: announced to a receiver; printed / failed: logged. */
export const printJobStatus = z.enum(['pending', 'delivered', 'printed', 'failed']);
export type PrintJobStatus = z.output<typeof printJobStatus>;

/** A job of GET /print-relay/:listenId/jobs (its ZPL cut to 200 characters, `size` the whole). */
export const printJobListItem = printJob.extend({
  status: printJobStatus,
  /** When it was announced to a receiver (ISO-8601 UTC), or null while pending. */
  deliveredAt: z.string().nullable(),
});
export type PrintJobListItem = z.output<typeof printJobListItem>;

/** GET /print-relay/:listenId/jobs — the receivers connected now and the newest unexpired jobs. */
export const printJobsReply = z.object({ receivers: z.number().int(), items: z.array(printJobListItem) });
export type PrintJobs = z.output<typeof printJobsReply>;

/** GET /print-relay/:listenId/receive — a receiver's event stream names the receiver. */
export const printReceiveQuery = z.object({ nodeId: printNodeId });

/** POST /print-relay/:listenId/logs — what a receiver did with a job. */
export const printLogCreate = z.object({
  taskId: z.uuid('not a task id'),
  /** The receiver's node id (PRINTER_xxx). */
  nodeId: printNodeId,
  isPrinted: z.boolean(),
  message: z.string().max(2000),
});
export type PrintLogCreate = z.input<typeof printLogCreate>;

export const printLogRow = z.object({
  id: z.number().int(),
  nodeId: z.string(),
  subscribeId: z.string(),
  isPrinted: z.boolean(),
  taskId: z.string(),
  remoteId: z.string(),
  /** The job's ZPL, cut to its first 200 characters (`size` is the whole). */
  printData: z.string(),
  size: z.number().int(),
  message: z.string(),
  /** ISO-8601 UTC. */
  created: z.string(),
});
export type PrintLogRow = z.output<typeof printLogRow>;

/** GET /print-relay/:listenId/history — the newest rows first. */
export const printHistoryReply = z.object({ items: z.array(printLogRow) });
export type PrintHistory = z.output<typeof printHistoryReply>;

/**
 * Events on `print-relay/{listenId}`. `receivers`: a receiver connected or left (the count now).
 * `ready` comes only on a receiver's own stream, after the pending jobs it was given.
 */
export type PrintRelayEvent =
  | ({ type: 'job' } & Omit<PrintJob, 'printData'> & { printData?: string })
  | { type: 'log'; id: number; taskId: string; isPrinted: boolean }
  | { type: 'receivers'; count: number }
  | { type: 'ready'; receivers: number; pending: number };
