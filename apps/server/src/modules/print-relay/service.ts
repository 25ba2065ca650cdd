import { randomBytes, randomUUID } from 'node:crypto';
import type { PrintJob, PrintLogRow, PrintRelayEvent } from '@lab/core/contract';
import { listenIdFromBytes, printRelayTopic } from '@lab/core/print';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { Bus } from '../../realtime/bus.js';
import { LOG_RETENTION_PER_LISTEN_ID, type PrintJobRow, type PrintLogRowDb, type PrintRelayRepo } from './repo.js';

/** A job's ZPL travels inside its realtime event when it is this small (one round trip less). */
export const INLINE_EVENT_BYTES = 4_000;
const HISTORY_DATA_CHARS = 200;

export function toJob(row: PrintJobRow): PrintJob {
  return {
    taskId: row.task_id,
    remoteId: row.remote_id,
    subscribeId: row.subscribe_id,
    printData: row.print_data,
    created: row.created,
    expiresAt: row.expires_at,
    size: Number(row.size),
  };
}

export function toLogRow(row: PrintLogRowDb): PrintLogRow {
  return {
    id: Number(row.id),
    nodeId: row.node_id,
    subscribeId: row.subscribe_id,
    isPrinted: Number(row.is_printed) === 1,
    taskId: row.task_id,
    remoteId: row.remote_id,
    printData: row.print_data.slice(0, HISTORY_DATA_CHARS),
    size: Number(row.size),
    message: row.message,
    created: row.created,
  };
}

/**
 * The relay: listen ids are administrator-set (config) or issued here (130 random bits); jobs to
 * a listen id are stored until they expire and announced on its realtime topic; receivers log what
 * they printed, which is announced too so every open history refreshes.
 */
export class PrintRelay {
  constructor(
    private readonly repo: PrintRelayRepo,
    private readonly bus: Bus,
    private readonly config: Pick<
      AppConfig,
      'printRelayListenIds' | 'printRelayMaxJobBytes' | 'printRelayJobTtlSeconds'
    >,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issueListenId(): Promise<string> {
    const listenId = listenIdFromBytes(randomBytes(17));
    await this.repo.addListener(listenId, this.now().toISOString());
    return listenId;
  }

  /** 404 unless the id is configured or was issued: a made-up id reaches nobody. */
  async requireListenId(listenId: string): Promise<void> {
    if (this.config.printRelayListenIds.includes(listenId)) return;
    if (await this.repo.hasListener(listenId)) return;
    throw new HttpError(404, `Unknown listen id ${listenId}: ask the receiver for its id`);
  }

  async send(listenId: string, senderNodeId: string, printData: string): Promise<PrintJob> {
    await this.requireListenId(listenId);
    const size = Buffer.byteLength(printData, 'utf8');
    if (size > this.config.printRelayMaxJobBytes) {
      throw new HttpError(
        413,
        `A print job is at most ${this.config.printRelayMaxJobBytes} bytes; this one is ${size}`,
      );
    }
    const now = this.now();
    const job: PrintJob = {
      taskId: randomUUID(),
      remoteId: listenId,
      subscribeId: senderNodeId,
      printData,
      created: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.config.printRelayJobTtlSeconds * 1000).toISOString(),
      size,
    };
    await this.repo.deleteExpired(job.created);
    await this.repo.insertJob({
      task_id: job.taskId,
      remote_id: job.remoteId,
      subscribe_id: job.subscribeId,
      print_data: job.printData,
      size,
      created: job.created,
      expires_at: job.expiresAt,
    });
    const { printData: data, ...summary } = job;
    this.publish(listenId, {
      type: 'job',
      ...summary,
      ...(Buffer.byteLength(JSON.stringify(data)) <= INLINE_EVENT_BYTES ? { printData: data } : {}),
    });
    return job;
  }

  async job(listenId: string, taskId: string): Promise<PrintJob> {
    const row = await this.repo.getJob(listenId, taskId);
    if (!row || row.expires_at <= this.now().toISOString()) {
      throw new HttpError(404, `Print job ${taskId} does not exist or has expired`);
    }
    return toJob(row);
  }

  async logResult(
    listenId: string,
    entry: { taskId: string; nodeId: string; isPrinted: boolean; message: string },
  ): Promise<PrintLogRow> {
    const row = await this.repo.getJob(listenId, entry.taskId);
    if (!row) throw new HttpError(404, `Print job ${entry.taskId} does not exist or has expired`);
    const stored = {
      node_id: entry.nodeId,
      subscribe_id: row.subscribe_id,
      is_printed: entry.isPrinted ? 1 : 0,
      task_id: row.task_id,
      remote_id: listenId,
      print_data: row.print_data,
      size: Number(row.size),
      message: entry.message,
      created: this.now().toISOString(),
    };
    const id = await this.repo.insertLog(stored);
    await this.repo.pruneLogs(listenId, LOG_RETENTION_PER_LISTEN_ID);
    this.publish(listenId, { type: 'log', id, taskId: row.task_id, isPrinted: entry.isPrinted });
    return toLogRow({ id, ...stored });
  }

  async history(listenId: string, size: number): Promise<PrintLogRow[]> {
    return (await this.repo.history(listenId, size)).map(toLogRow);
  }

  /** After the commit; a bus failure is logged (the job is stored and can be fetched). */
  private publish(listenId: string, event: PrintRelayEvent) {
    this.bus
      .publish(printRelayTopic(listenId), event)
      .catch((err: unknown) => this.log.warn({ err, listenId }, 'print relay event not published'));
  }
}
