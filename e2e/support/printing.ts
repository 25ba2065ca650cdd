import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from './browser';
import { startServer, stopper, type Child } from './server';

export type { Child };

/** A TCP listener standing in for a network printer (raw port 9100): keeps every byte it gets. */
export interface FakePrinter {
  port: number;
  bytes(): Buffer;
  /** Resolves once `count` bytes have arrived in total (rejects after `timeoutMs`). */
  waitForBytes(count: number, timeoutMs?: number): Promise<Buffer>;
  /** Resolves when the bytes after `from` satisfy `done`. */
  waitFor(from: number, done: (after: Buffer) => boolean, timeoutMs?: number): Promise<Buffer>;
  /** When each byte count was first reached (performance.now()), for latency numbers. */
  arrivals: { at: number; total: number }[];
  close(): Promise<void>;
}

export async function startFakePrinter(): Promise<FakePrinter> {
  const chunks: Buffer[] = [];
  let total = 0;
  const arrivals: { at: number; total: number }[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      total += chunk.length;
      arrivals.push({ at: performance.now(), total });
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const bytes = () => Buffer.concat(chunks);
  const waitFor = (from: number, done: (after: Buffer) => boolean, timeoutMs = 20_000) =>
    new Promise<Buffer>((resolve, reject) => {
      const check = () => {
        const after = bytes().subarray(from);
        if (!done(after)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(after);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the printer got ${bytes().length - from} bytes, not what was awaited`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes,
    arrivals,
    waitFor,
    waitForBytes: (count, timeoutMs) => waitFor(0, (b) => b.length >= count, timeoutMs),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** `lab print-agent` (the built CLI) on 127.0.0.1:`port` for the given printers and site origin. */
export async function startPrintAgent(options: {
  port: number;
  printers: string[];
  allowOrigin: string;
}): Promise<Child> {
  const args = [path.join(repoRoot, 'apps/server/bin/lab.js'), 'print-agent', '--port', String(options.port)];
  for (const p of options.printers) args.push('--printer', p);
  args.push('--allow-origin', options.allowOrigin);
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 20_000;
  while (!/print agent listening on (\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`lab print-agent exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`lab print-agent did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: /print agent listening on (\S+)/.exec(output)![1]!, output: () => output, stop: stopper(child) };
}

/**
 * A second site (the built server, on its own database and a port of its own) whose CSP lets pages
 * call the agent at `agentOrigin`: the suite's shared server allows only the default agent origins,
 * and the agent here runs on a port chosen for the test.
 */
export function startSite(env: Record<string, string>): Promise<Child> {
  return startServer(env);
}
