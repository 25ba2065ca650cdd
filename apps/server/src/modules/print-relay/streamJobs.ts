import type { FastifyBaseLogger } from 'fastify';
import type { EventStream } from '../../realtime/sse.js';
import type { PrintRelay } from './service.js';

/** Task ids remembered per stream to write each job once (a job may come both pending and on the topic). */
const REMEMBERED = 1_000;

/**
 * The jobs written to one receiver's stream: each written once, and marked written in the database
 * once the stream has taken it (drained, still open). Until then a job announced on the topic is
 * given to the next receiver that connects: at least once — a receiver whose instance dies between
 * the write and the mark may get it again after it reconnects.
 */
export class StreamJobs {
  private readonly sent = new Set<string>();
  private unmarked: string[] = [];
  private marking: Promise<void> | undefined;

  constructor(
    private readonly stream: EventStream,
    private readonly relay: PrintRelay,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True the first time for a job: write it then. */
  first(taskId: string): boolean {
    if (this.sent.has(taskId)) return false;
    this.sent.add(taskId);
    if (this.sent.size > REMEMBERED) this.sent.delete(this.sent.values().next().value!);
    return true;
  }

  /** Marks a job written once the stream has taken it; answers the marking under way (tracked by the caller). */
  written(taskId: string): Promise<void> {
    this.unmarked.push(taskId);
    this.marking ??= this.mark().finally(() => (this.marking = undefined));
    return this.marking;
  }

  private async mark(): Promise<void> {
    while (this.unmarked.length > 0) {
      await this.stream.drained();
      if (this.stream.ended) return;
      const ids = this.unmarked;
      this.unmarked = [];
      await this.relay.written(ids).catch((err: unknown) => this.log.warn({ err }, 'print jobs not marked written'));
    }
  }
}
