import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samplesMs: number[]) {
  const s = [...samplesMs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
  };
}

/** One result line: name, value, unit, budget and whether it is within. */
export function report(name: string, value: number, unit: string, budget?: { max?: number; min?: number }) {
  let verdict = '';
  if (budget?.max !== undefined)
    verdict = value <= budget.max ? `within budget ≤ ${budget.max} ${unit}` : `OVER budget ≤ ${budget.max} ${unit}`;
  if (budget?.min !== undefined)
    verdict = value >= budget.min ? `within budget ≥ ${budget.min} ${unit}` : `UNDER budget ≥ ${budget.min} ${unit}`;
  console.log(`${name.padEnd(48)} ${value.toFixed(2).padStart(10)} ${unit.padEnd(6)} ${verdict}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's database (`sqlite:<file>` unless env set another), for `lab` commands beside it. */
  databaseUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the built server (apps/server/dist) on a free port with a fresh SQLite file unless env says otherwise. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error('build first: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
  const port = await freePort();
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dir, 'lab.sqlite')}`;
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/lab/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    databaseUrl,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
