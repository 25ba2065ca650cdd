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

/** Events on `print-relay/{listenId}`. */
export type PrintRelayEvent =
  | ({ type: 'job' } & Omit<PrintJob, 'printData'> & { printData?: string })
  | { type: 'log'; id: number; taskId: string; isPrinted: boolean };
