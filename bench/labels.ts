// Label service budgets: ZPL → PNG through HTTP (4×6 carrier label, 8 dpmm) p50 ≤ 1.15× the engine
// called directly in one process; 2 render threads ≥ 1.7× the labels/s of 1; a cached repeat ≤ 5 ms.
// Measurements that are compared are interleaved (direct/HTTP, 1/2 threads) so that load from
// other processes on the machine falls on both sides alike.
// Run: npx tsx --conditions=@lab/source bench/labels.ts  (build first: npx tsc -b apps/server)
import fs from 'node:fs';
import path from 'node:path';
import { loadEngine, runJob } from '@lab/server/bench';
import { count, repoRoot, report, reportSpread, startServer, summarize, type RunningServer } from './support.ts';

const SAMPLES = count(30, 1, 'BENCH_LABEL_SAMPLES');
const ROUNDS = count(4, 1, 'BENCH_LABEL_ROUNDS');
const BATCH = count(8, 1);
const CLIENTS = 4;
const fedex = fs.readFileSync(path.resolve(repoRoot, '../shared/reference/zpl-corpus/fedex.zpl'), 'utf8');
const url = '/lab/api/labels/v1/printers/8dpmm/labels/4x6/0/';

/** The same label with a different comment, so the cache never answers (a ^FX comment draws nothing). */
let serial = 0;
const fresh = () => fedex.replace(/\^XZ\s*$/, `^FXbench ${serial++}^FS^XZ`);

/** Client-observed milliseconds and the server's own render time (Server-Timing). */
async function post(server: RunningServer, zpl: string): Promise<{ ms: number; serverMs: number }> {
  const t = performance.now();
  const res = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: zpl,
  });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const serverMs = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ms, serverMs };
}

const engineJob = () => ({ op: 'render' as const, zpl: fresh(), widthMm: 812.5 / 8, heightMm: 1219.5 / 8, dpmm: 8 });

async function directOnce(): Promise<number> {
  const t = performance.now();
  await runJob(engineJob());
  return performance.now() - t;
}

async function batchRate(server: RunningServer): Promise<number> {
  let left = BATCH;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) await post(server, fresh());
    }),
  );
  return performance.now() - t;
}

async function warm(server: RunningServer, workers: number) {
  await Promise.all(Array.from({ length: count(workers * 2, 0) }, () => post(server, fresh())));
}

await loadEngine();
for (let i = 0; i < count(3, 0); i++) await directOnce();
const one = await startServer({ LABEL_WORKERS: '1' });
const two = await startServer({ LABEL_WORKERS: '2' });
try {
  await warm(one, 1);
  await warm(two, 2);

  const direct: number[] = [];
  const http: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    direct.push(await directOnce());
    http.push((await post(one, fresh())).ms);
  }
  const d = reportSpread('engine direct, fedex 4x6 8dpmm', direct);
  const h = reportSpread('HTTP, 1 render thread', http);
  report('HTTP p50 / engine p50 (overhead)', h.p50 / d.p50, '×', { max: 1.15 });

  const repeat = fresh();
  await post(one, repeat);
  const cached: Array<{ ms: number; serverMs: number }> = [];
  for (let i = 0; i < SAMPLES; i++) cached.push(await post(one, repeat));
  report('cached repeat, client-observed: p50', summarize(cached.map((c) => c.ms)).p50, 'ms', { max: 5 });
  report('cached repeat, client-observed: p95', summarize(cached.map((c) => c.ms)).p95, 'ms');
  report('cached repeat, server time: p50', summarize(cached.map((c) => c.serverMs)).p50, 'ms');

  let oneMs = 0;
  let twoMs = 0;
  for (let r = 0; r < ROUNDS; r++) {
    oneMs += await batchRate(one);
    twoMs += await batchRate(two);
  }
  const oneRate = (ROUNDS * BATCH) / (oneMs / 1000);
  const twoRate = (ROUNDS * BATCH) / (twoMs / 1000);
  report(`labels/s, 1 thread, ${CLIENTS} clients`, oneRate, 'lbl/s');
  report(`labels/s, 2 threads, ${CLIENTS} clients`, twoRate, 'lbl/s');
  report('2 threads / 1 thread', twoRate / oneRate, '×', { min: 1.7 });
} finally {
  await one.stop();
  await two.stop();
}
