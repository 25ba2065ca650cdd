import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Child {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Stops a child with SIGTERM and waits for it to exit (at once if it has already). */
export function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

/** Pino's line for Fastify's listen, which names the address the kernel gave port 0. */
const LISTENING = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/;

/**
 * The built server (apps/server/dist/main.js) on a fresh SQLite database in a temporary folder,
 * on a port the kernel picks (PORT=0) and the server reports: no port is chosen beforehand, so
 * none can be taken by someone else before the server binds it. Resolves once /lab/api/health
 * answers; `stop()` ends it and removes the folder.
 *
 * The server logs at `info` only to say where it listens; `output()` keeps its warnings and errors
 * (what LOG_LEVEL=warn printed before) and anything that is not a log line.
 */
export async function startServer(env: Record<string, string> = {}): Promise<Child & { databaseUrl: string }> {
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-'));
  const databaseUrl = `sqlite:${path.join(dir, 'lab.sqlite')}`;
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ...env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let url: string | undefined;
  let listened: () => void = () => {};
  const listening = new Promise<void>((r) => (listened = r));
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const at = url === undefined ? LISTENING.exec(line) : null;
      if (at) {
        url = at[1]!;
        listened();
      }
      const level = /^\{"level":(\d+),/.exec(line);
      if (!level || Number(level[1]) >= 40) output += `${line}\n`;
    }
  });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited with ${code ?? signal} before it was ready:\n${output}${partial}`)),
    ),
  );
  exited.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server did not start listening in 30 s:\n${output}${partial}`)), 30_000);
  });
  const stop = stopper(child);
  try {
    await Promise.race([listening, exited, timeout]);
    // Listening: the routes are registered (Fastify listens after `ready`). Health says the app answers.
    const res = await Promise.race([fetch(`${url!}/lab/api/health`), exited, timeout]);
    if (!res.ok) throw new Error(`GET /lab/api/health answered ${res.status}:\n${output}`);
  } catch (err) {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: url!,
    databaseUrl,
    output: () => output,
    stop: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
