import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runJob } from './engine.js';
import { FairQueue } from './fairQueue.js';
import type { WorkerJob, WorkerRequest, WorkerResponse } from './protocol.js';

/** The engine rejected the ZPL (its message is meant for people). */
export class RenderError extends Error {
  override name = 'RenderError';
}
/** A job ran past the per-render time limit; its thread was stopped. */
export class RenderTimeoutError extends Error {
  override name = 'RenderTimeoutError';
}
/** The caller gave up (client disconnected or the request's deadline passed). */
export class RenderCancelledError extends Error {
  override name = 'RenderCancelledError';
}
/** More jobs are waiting than the pool accepts. */
export class RenderBusyError extends Error {
  override name = 'RenderBusyError';
}

/** Whose job it is, and when to give up on it. */
export interface RunOptions {
  /**
   * The client key the job waits under (see FairQueue): each caller says who its client is (the
   * labels routes: the signed-in user or the address; the simulators: their API client). Jobs
   * without one share the key `''`.
   */
  client?: string | undefined;
  /** Aborts when the caller gives up: a waiting job is dropped and a running one's worker is stopped. */
  signal?: AbortSignal | undefined;
}

/** Runs render jobs somewhere: a pool of worker processes, or this thread. */
export interface JobRunner {
  run(job: WorkerJob, options?: RunOptions): Promise<Uint8Array[]>;
  close(): Promise<void>;
}

/**
 * Jobs in the calling thread, for one-shot tools (the CLI, the engine benchmark): no thread start,
 * but no time limit either, and the event loop waits while the engine draws.
 */
export const inProcessRunner: JobRunner = {
  run: (job) =>
    runJob(job).catch((err: unknown) => {
      throw new RenderError(err instanceof Error ? err.message : String(err));
    }),
  close: async () => {},
};

export interface RenderPoolOptions {
  /** Worker threads (at most). */
  size: number;
  /** Per job, from the moment a thread starts it. */
  timeoutMs: number;
  /** Jobs one client may have waiting for a worker; past it that client's new jobs are refused (RenderBusyError). */
  maxQueue?: number;
  /** Jobs all clients together may have waiting; past it every new job is refused. */
  maxQueueTotal?: number;
  /** A thread idle this long is stopped (each holds the ~100 MB engine); started again on demand. */
  idleMs?: number;
  /** V8 heap limit of each thread (MB); past it the thread dies and its job fails, the server lives. */
  maxHeapMb?: number;
}

interface Task {
  id: number;
  client: string;
  job: WorkerJob;
  resolve: (images: Uint8Array[]) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: RenderProcess;
  ready: boolean;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

function cancelled(signal: AbortSignal): Error {
  return signal.reason instanceof Error && !(signal.reason.name === 'AbortError')
    ? signal.reason
    : new RenderCancelledError('the request was cancelled');
}

/**
 * One render worker: a child process (not a thread), so that when it stops, every byte it used —
 * the engine's WebAssembly memory, its heap and its allocator's arenas — goes back to the OS and
 * the server's idle memory returns to its resting size. Messages use Node's structured-clone IPC.
 */
class RenderProcess extends EventEmitter {
  constructor(private readonly child: ChildProcess) {
    super();
    child.on('message', (m) => this.emit('message', m));
    child.on('error', (err) => this.emit('error', err));
    child.on('exit', (code) => this.emit('exit', code));
  }
  postMessage(message: WorkerRequest): void {
    if (this.child.connected) this.child.send(message);
  }
  terminate(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

/**
 * Starts a render worker. From dist/ the entry is the compiled render-worker.js; from source
 * (tests, tsx) it is render-worker.ts, run through tsx's loader with the @lab/source condition.
 * `maxHeapMb` is the worker's V8 heap limit.
 */
function startWorker(maxHeapMb: number | undefined): RenderProcess {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./render-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const execArgv = [
    ...(fromSource ? ['--import', tsx(), '--conditions=@lab/source'] : []),
    ...(maxHeapMb ? [`--max-old-space-size=${maxHeapMb}`] : []),
  ];
  return new RenderProcess(
    fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
}

/**
 * A pool of render workers (child processes) running the ZPL engine, so rendering never blocks the
 * event loop. Workers start lazily, take one job at a time, are replaced when they crash or time
 * out, and stop after `idleMs` without work. Waiting jobs queue per client (FairQueue): a free
 * worker serves the clients in turn, so no client's backlog holds up another's job.
 */
export class RenderPool implements JobRunner {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Task>();
  private nextId = 1;
  private closed = false;
  private readonly maxQueue: number;
  private readonly maxQueueTotal: number;
  private readonly idleMs: number;

  constructor(private readonly options: RenderPoolOptions) {
    if (options.size < 1) throw new RangeError('a render pool needs at least one worker');
    this.maxQueue = options.maxQueue ?? 256;
    this.maxQueueTotal = options.maxQueueTotal ?? 16 * this.maxQueue;
    this.idleMs = options.idleMs ?? 5 * 60_000;
  }

  get stats() {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.task).length,
      queued: this.queue.size,
    };
  }

  run(job: WorkerJob, { client = '', signal }: RunOptions = {}): Promise<Uint8Array[]> {
    if (this.closed) return Promise.reject(new Error('the render pool is closed'));
    if (signal?.aborted) return Promise.reject(cancelled(signal));
    if (this.queue.waitingOf(client) >= this.maxQueue || this.queue.size >= this.maxQueueTotal) {
      return Promise.reject(new RenderBusyError('the label renderer is busy; try again in a moment'));
    }
    return new Promise((resolve, reject) => {
      const task: Task = { id: this.nextId++, client, job, resolve, reject };
      if (signal) {
        const onAbort = () => this.cancel(task, cancelled(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        const done = () => signal.removeEventListener('abort', onAbort);
        task.resolve = (images) => (done(), resolve(images));
        task.reject = (err) => (done(), reject(err));
      }
      this.queue.push(client, task);
      this.pump();
    });
  }

  /** Drops a waiting task, or stops the thread running it (the engine cannot be interrupted). */
  private cancel(task: Task, reason: Error): void {
    if (this.queue.remove(task.client, task)) {
      task.reject(reason);
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    if (slot) void this.retire(slot, reason);
  }

  /** Starts every thread now (benchmarks and servers that want no cold start). */
  async warmUp(): Promise<void> {
    while (this.slots.length < this.options.size) this.spawn();
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.ready) return resolve();
            const onMessage = (m: WorkerResponse) => {
              if (m.type === 'ready') {
                slot.worker.off('message', onMessage);
                resolve();
              }
            };
            slot.worker.on('message', onMessage);
            slot.worker.once('exit', () => resolve());
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.drain()) task.reject(new Error('the render pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('the render pool is closed'))));
  }

  private pump(): void {
    while (this.queue.size > 0) {
      const slot = this.slots.find((s) => s.ready && !s.task);
      if (slot) {
        this.dispatch(slot, this.queue.take()!.item);
        continue;
      }
      // Start another thread only if the ones starting cannot take the waiting jobs.
      const starting = this.slots.filter((s) => !s.ready).length;
      if (this.slots.length < this.options.size && starting < this.queue.size) {
        this.spawn();
        continue;
      }
      return;
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.options.maxHeapMb);
    const slot: Slot = { worker, ready: false, task: undefined, timer: undefined, idleTimer: undefined };
    this.slots.push(slot);
    worker.on('message', (m: WorkerResponse) => this.onMessage(slot, m));
    worker.on('error', (err) => void this.retire(slot, new RenderError(`the label renderer failed: ${err.message}`)));
    worker.on('exit', () => void this.retire(slot, new RenderError('the label renderer stopped unexpectedly')));
    return slot;
  }

  private onMessage(slot: Slot, m: WorkerResponse): void {
    if (m.type === 'ready') {
      slot.ready = true;
      this.markIdle(slot);
      this.pump();
      return;
    }
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    clearTimeout(slot.timer);
    slot.task = undefined;
    this.queue.finished(task.client);
    if (m.type === 'done') task.resolve(m.images);
    else task.reject(new RenderError(m.message));
    if (m.type === 'failed' && m.fatal) void this.retire(slot, undefined);
    else this.markIdle(slot);
    this.pump();
  }

  private dispatch(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    slot.timer = setTimeout(() => {
      void this.retire(
        slot,
        new RenderTimeoutError(`rendering took longer than ${this.options.timeoutMs} ms and was stopped`),
      );
    }, this.options.timeoutMs);
    slot.worker.postMessage({ id: task.id, job: task.job } satisfies WorkerRequest);
  }

  private markIdle(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.task) void this.retire(slot, undefined);
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  /** Removes a thread from the pool (failing its job with `reason`) and fills the gap if needed. */
  private async retire(slot: Slot, reason: Error | undefined): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at === -1) return;
    this.slots.splice(at, 1);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = undefined;
    if (task) {
      this.queue.finished(task.client);
      task.reject(reason ?? new RenderError('the label renderer stopped unexpectedly'));
    }
    // A thread that dies while starting would die again: fail the waiting jobs instead of looping.
    if (!slot.ready && reason) for (const waiting of this.queue.drain()) waiting.reject(reason);
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}
