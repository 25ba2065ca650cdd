interface ClientLine<T> {
  waiting: T[];
  /** Its jobs a worker is running now. */
  running: number;
  /** When it last had a job started (the queue's turn counter); 0 = not since it came back. */
  lastTurn: number;
}

/**
 * The render pool's waiting jobs, one line per client key: a free worker takes the next job of
 * the client with the fewest jobs running, and among equals the one served longest ago (round
 * robin; a client that has just arrived goes first). So one client's 500 queued jobs delay
 * another client's single job by at most one job per worker, whatever order they came in.
 * A client's line is forgotten once it has nothing waiting or running.
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, ClientLine<T>>();
  private turn = 0;
  private total = 0;

  /** Jobs waiting, every client together. */
  get size(): number {
    return this.total;
  }

  /** Jobs `client` has waiting. */
  waitingOf(client: string): number {
    return this.lines.get(client)?.waiting.length ?? 0;
  }

  push(client: string, item: T): void {
    let line = this.lines.get(client);
    if (!line) {
      line = { waiting: [], running: 0, lastTurn: 0 };
      this.lines.set(client, line);
    }
    line.waiting.push(item);
    this.total++;
  }

  /** The next job to start (counted as running for its client until `finished`), if any waits. */
  take(): { client: string; item: T } | undefined {
    let next: [string, ClientLine<T>] | undefined;
    for (const entry of this.lines) {
      const line = entry[1];
      if (line.waiting.length === 0) continue;
      const best = next?.[1];
      if (!best || line.running < best.running || (line.running === best.running && line.lastTurn < best.lastTurn)) {
        next = entry;
      }
    }
    if (!next) return undefined;
    const [client, line] = next;
    line.running++;
    line.lastTurn = ++this.turn;
    this.total--;
    return { client, item: line.waiting.shift()! };
  }

  /** A started job of `client` has ended (done, failed or stopped). */
  finished(client: string): void {
    const line = this.lines.get(client);
    if (!line) return;
    line.running = Math.max(0, line.running - 1);
    this.forgetIdle(client, line);
  }

  /** Takes a job out before it started (its caller gave up); false if it was not waiting. */
  remove(client: string, item: T): boolean {
    const line = this.lines.get(client);
    const at = line ? line.waiting.indexOf(item) : -1;
    if (!line || at === -1) return false;
    line.waiting.splice(at, 1);
    this.total--;
    this.forgetIdle(client, line);
    return true;
  }

  /** Takes every waiting job out (the pool closes, or its workers cannot start). */
  drain(): T[] {
    const items = [...this.lines.values()].flatMap((line) => line.waiting.splice(0));
    this.total = 0;
    for (const [client, line] of this.lines) this.forgetIdle(client, line);
    return items;
  }

  private forgetIdle(client: string, line: ClientLine<T>): void {
    if (line.waiting.length === 0 && line.running === 0) this.lines.delete(client);
  }
}
