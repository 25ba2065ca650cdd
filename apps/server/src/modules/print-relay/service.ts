import { randomBytes, randomUUID } from 'node:crypto';
import type {
  PrintJob,
  PrintJobListItem,
  PrintJobs,
  PrintJobSent,
  PrintLogRow,
  PrintRelayEvent,
} from '@lab/core/contract';
import { listenIdFromBytes, NO_RECEIVER_MESSAGE, printRelayTopic, RELAY_NODE_ID } from '@lab/core/print';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { Bus } from '../../realtime/bus.js';
import {
  ANNOUNCED_ON_TOPIC,
  LOG_RETENTION_PER_LISTEN_ID,
  type PrintJobRow,
  type PrintLogRowDb,
  type PrintRelayRepo,
} from './repo.js';

/** A job's ZPL travels inside its realtime event when it is this small (one round trip less). */
export const INLINE_EVENT_BYTES = 4_000;
const HISTORY_DATA_CHARS = 200;
/** Jobs listed by GET /print-relay/:listenId/jobs. */
export const JOB_LIST_SIZE = 20;
/** A receiver counts this long after its instance last renewed it (renewed every heartbeat). */
export const RECEIVER_LEASE_MS = 60_000;

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

/** The realtime event of a job: its ZPL inline when it is at most `inlineBytes` (else fetched). */
export function jobEvent(job: PrintJob, inlineBytes = INLINE_EVENT_BYTES): PrintRelayEvent {
  const { printData: data, ...summary } = job;
  return {
    type: 'job',
    ...summary,
    ...(Buffer.byteLength(JSON.stringify(data)) <= inlineBytes ? { printData: data } : {}),
  };
}

/**
 * The relay: listen ids are administrator-set (config) or issued here (130 random bits); jobs to
 * a listen id are stored until they expire and announced on its realtime topic; receivers log what
 * they printed, which is announced too so every open history refreshes.
 */
export class PrintRelay {
  /** This process, in the receivers' presence rows. */
  readonly instanceId = randomUUID();

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

  /**
   * Stores the job; with a receiver connected (on any instance) it is announced on the listen id's
   * topic at once, otherwise it stays pending — the history says nobody was listening — and the
   * first receiver that connects is given it (receiverConnected). Either way it is announced once.
   */
  async send(listenId: string, senderNodeId: string, printData: string): Promise<PrintJobSent> {
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
      announced_at: null,
      announced_to: null,
      written_at: null,
    });
    // Counted after the insert: a receiver registering meanwhile either is counted here (and is
    // already subscribed to the topic) or finds the job pending when it claims.
    const receivers = await this.repo.countReceivers(listenId, job.created);
    if (receivers > 0) {
      if (await this.repo.claimJob(job.taskId, job.created, ANNOUNCED_ON_TOPIC)) {
        this.publish(listenId, jobEvent(job, INLINE_EVENT_BYTES));
      }
    } else {
      await this.logResult(listenId, {
        taskId: job.taskId,
        nodeId: RELAY_NODE_ID,
        isPrinted: false,
        message: NO_RECEIVER_MESSAGE,
      });
    }
    return { ...job, receivers };
  }

  /**
   * A receiver opened its stream (already subscribed to the topic): it is counted from now on, and
   * is given the pending unexpired jobs of the listen id, which no other receiver will get.
   */
  async receiverConnected(listenId: string, nodeId: string): Promise<{ id: number; pending: PrintJob[] }> {
    const at = this.now().toISOString();
    const id = await this.repo.addReceiver({
      listen_id: listenId,
      node_id: nodeId,
      instance_id: this.instanceId,
      connected_at: at,
      lease_until: this.leaseUntil(),
    });
    const pending = (await this.repo.claimPending(listenId, at, nodeId)).map(toJob);
    await this.announceReceivers(listenId);
    return { id, pending };
  }

  /** Jobs given to a receiver that left before they reached it are pending again (for the next one). */
  releasePending(jobs: PrintJob[], nodeId: string): Promise<void> {
    return this.repo.releaseJobs(
      jobs.map((j) => j.taskId),
      nodeId,
    );
  }

  /** These jobs were written to a receiver's stream: no receiver that connects later is given them. */
  written(taskIds: string[]): Promise<void> {
    return this.repo.written(taskIds, this.now().toISOString());
  }

  async receiverDisconnected(listenId: string, id: number): Promise<void> {
    await this.repo.removeReceiver(id);
    await this.announceReceivers(listenId);
  }

  /** Keeps the receivers of this instance's open streams counted. */
  renewReceivers(ids: number[]): Promise<void> {
    return this.repo.renewReceivers(ids, this.leaseUntil());
  }

  receivers(listenId: string): Promise<number> {
    return this.repo.countReceivers(listenId, this.now().toISOString());
  }

  /** The receivers connected now and the newest unexpired jobs, pending, delivered, printed or failed. */
  async jobs(listenId: string): Promise<PrintJobs> {
    const now = this.now().toISOString();
    const rows = await this.repo.jobs(listenId, now, JOB_LIST_SIZE);
    const results = await this.repo.resultsOf(
      listenId,
      rows.map((r) => r.task_id),
      RELAY_NODE_ID,
    );
    const printed = new Set(results.filter((r) => Number(r.is_printed) === 1).map((r) => r.task_id));
    const tried = new Set(results.map((r) => r.task_id));
    const items = rows.map((row): PrintJobListItem => {
      const job = toJob(row);
      const status = printed.has(row.task_id)
        ? 'printed'
        : tried.has(row.task_id)
          ? 'failed'
          : row.announced_at === null
            ? 'pending'
            : 'delivered';
      return { ...job, printData: job.printData.slice(0, HISTORY_DATA_CHARS), status, deliveredAt: row.announced_at };
    });
    return { receivers: await this.repo.countReceivers(listenId, now), items };
  }

  private leaseUntil(): string {
    return new Date(this.now().getTime() + RECEIVER_LEASE_MS).toISOString();
  }

  private async announceReceivers(listenId: string) {
    this.publish(listenId, { type: 'receivers', count: await this.receivers(listenId) });
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
