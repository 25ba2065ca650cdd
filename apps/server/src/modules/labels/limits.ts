import type { FastifyReply, FastifyRequest } from 'fastify';
import { RenderTimeoutError } from './pool.js';

/** A client already has as many renders in flight as LABEL_MAX_CONCURRENT_PER_CLIENT allows. */
export class TooManyRendersError extends Error {
  override name = 'TooManyRendersError';
}

/**
 * Who is asking, for the label routes' limits and the render pool's fair queue: the signed-in user
 * when access control is on (AUTH=proxy or basic: one person behind several addresses, or several
 * people behind one proxy, are told apart), else the client address (request.ip, which honours
 * TRUST_PROXY).
 */
export function labelClient(request: FastifyRequest): string {
  return request.user !== undefined ? `user:${request.user}` : `ip:${request.ip}`;
}

/** Renders in flight per client (labelClient), so one client cannot hold every render worker. */
export class ClientConcurrency {
  private readonly active = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Takes a slot for `client` or throws TooManyRendersError; call the returned function when done. */
  acquire(client: string): () => void {
    const n = this.active.get(client) ?? 0;
    if (n >= this.max) {
      throw new TooManyRendersError(
        `too many label renders in flight from this client (at most ${this.max}); wait for one to finish`,
      );
    }
    this.active.set(client, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(client) ?? 1) - 1;
      if (left <= 0) this.active.delete(client);
      else this.active.set(client, left);
    };
  }
}

/**
 * Aborts when the client goes away before its answer is sent, or when the request's overall
 * deadline passes (every stage together: waiting, rendering, PDF assembly).
 */
export function requestSignal(request: FastifyRequest, reply: FastifyReply, deadlineMs: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new RenderTimeoutError(`the request took longer than ${deadlineMs} ms and was stopped`)),
    deadlineMs,
  );
  timer.unref();
  const res = reply.raw;
  res.once('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) controller.abort();
  });
  request.raw.once('aborted', () => controller.abort());
  return controller.signal;
}
