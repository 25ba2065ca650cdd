import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpointById } from '@lab/core/carrier';
import { freePort } from '../e2e/support/ports.ts';

export { freePort };

export const repoRoot = path.resolve(import.meta.dirname, '..');
/** The carrier's OpenAPI documents (reference data beside the checkout). */
export const carrierDocsDir = path.resolve(repoRoot, '../shared/reference/carrier-openapi');

/**
 * The documents of the carrier endpoints a benchmark calls (catalogue ids), so the twin validates
 * those calls as in use; the other documents would only cost their import (~7 s of CPU for all).
 */
export function carrierDocuments(...endpointIds: string[]): string[] {
  const names = endpointIds.map((id) => {
    const entry = endpointById(id);
    if (!entry?.operation) throw new Error(`no carrier endpoint ${id} with a document`);
    return entry.operation.document;
  });
  return [...new Set(names)].map((name) => path.join(carrierDocsDir, `${name}.json`));
}

/**
 * Smoke mode (`npm run bench -- --smoke`, a step of `npm test`): every benchmark runs with tiny
 * sizes, so one that stopped working fails the run; budgets are printed, not judged. The smoke
 * runner (support/smoke.ts) sets LAB_BENCH_SMOKE and fails a benchmark that never took a size
 * from count() (it would have run full size: it has no smoke mode).
 */
export const smoke = process.env.LAB_BENCH_SMOKE === '1';

let sizesTaken = 0;
/** How many sizes count() has given out in this process (the smoke runner checks each benchmark took one). */
export const sizesGiven = () => sizesTaken;

/**
 * A benchmark's size — samples, rounds, rows, how long to wait — the only way a benchmark gets
 * one: `full` (or the environment variable `env` when it is set), `tiny` in smoke mode.
 */
export function count(full: number, tiny: number, env?: string): number {
  sizesTaken++;
  if (smoke) return tiny;
  const set = env ? process.env[env] : undefined;
  return set ? Number(set) : full;
}

/** `within budget …` or `OVER budget …`; in smoke mode only the budget (sizes that small say nothing). */
export function verdict(within: boolean, budget: string): string {
  if (smoke) return `budget ${budget} (smoke run: not judged)`;
  return within ? `within budget ${budget}` : `OVER budget ${budget}`;
}

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

/** Milliseconds of each of `runs` calls of `fn`. */
export function timeRuns(fn: () => void, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** One result line: name, value, unit, budget and whether it is within. */
export function report(name: string, value: number, unit: string, budget?: { max?: number; min?: number }) {
  let line = '';
  if (budget?.max !== undefined) line = verdict(value <= budget.max, `≤ ${budget.max} ${unit}`);
  if (budget?.min !== undefined) line = verdict(value >= budget.min, `≥ ${budget.min} ${unit}`);
  console.log(`${name.padEnd(48)} ${value.toFixed(2).padStart(10)} ${unit.padEnd(6)} ${line}`);
}

/** `<name>: p50` and `<name>: p95` lines of the samples; their summary. */
export function reportSpread(name: string, samples: number[], unit = 'ms') {
  const s = summarize(samples);
  report(`${name}: p50`, s.p50, unit);
  report(`${name}: p95`, s.p95, unit);
  return s;
}

/**
 * Times `fn`: wall milliseconds and this process's CPU milliseconds (user + system, every thread:
 * background work the call set off, such as the twin releasing its new scans, counts too). The CPU
 * time says what a call costs when other processes load the machine and stretch its wall time.
 */
export async function timedCpu<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

/** The machine's 1-minute load average (`uptime`), printed beside wall times that load stretches. */
export function reportLoad() {
  report('load average (1 min, 2 cores shared)', os.loadavg()[0]!, '');
}

/** The resident memory of a process (this one by default), in MB. */
export function rssMb(pid = process.pid): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Promise-based sleep for what a benchmark measures over time (idle memory, a trickle), never to wait for a state. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RunningServer {
  baseUrl: string;
  /** The server's database (`sqlite:<file>` unless env set another), for `lab` commands beside it. */
  databaseUrl: string;
  /** The process serving it (for its memory): its own, or in a smoke run the lane's. */
  pid: number;
  stop: () => Promise<void>;
}

/** Runs `lab <args>` (the built CLI) on `databaseUrl`, quietly; throws when it fails. */
export function lab(databaseUrl: string, args: string[]): void {
  execFileSync(process.execPath, ['apps/server/bin/lab.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Servers this process started: stopped when it exits, even on a throw (no server outlives its benchmark). */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

export interface StartOptions {
  /** Carrier OpenAPI documents (files or folders) imported into the fresh database before the server starts. */
  carrierDocuments?: string[];
  /** Its own process even in a smoke run: a server the benchmark kills (SIGKILL) and starts again. */
  ownProcess?: boolean;
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh SQLite file unless env
 * says otherwise. In a smoke run the server is built in the lane's process instead
 * (support/laneServer.ts): the lane has the server's modules loaded already, and a process start
 * plus `lab import` cost ~3 s of CPU each, the largest part of a browser benchmark's smoke.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  if (smoke && !options.ownProcess) return (await import('./support/laneServer.ts')).startInLane(env, options);
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error('build first: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
  const port = await freePort();
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dir, 'lab.sqlite')}`;
  if (options.carrierDocuments) lab(databaseUrl, ['import', 'carrier-openapi', ...options.carrierDocuments]);
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
  started.add(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/lab/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it answered`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await pause(100);
  }
  return {
    baseUrl,
    databaseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
