// Traffic log budget (issue 32): the log adds ≤ 0.5 ms p50 per simulator call. Two apps on one
// SQLite file with the carrier's OpenAPI documents of both calls imported, the same simulators and fault hooks;
// one records every call (the defaults: 500 entries, 16 MiB, bodies cut at 64 KiB), the other has
// the log off (TRAFFIC_MAX_ENTRIES=0: no hooks). Calls alternate between them so drift hits both
// alike. Server time is app.inject (no socket); "per call, all work" divides the wall time of a
// run of calls, so the log's deferred work (the conformance check after the reply) is counted too.
// Run: npx tsx --conditions=@lab/source bench/traffic.ts
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import { simulatorModules } from '@lab/server/bench';
import { count, report, summarize } from './support.ts';
import { carrierToken, startApp, type App } from './support/app.ts';

const CALLS = count(1000, 4, 'BENCH_TRAFFIC_CALLS');
const WARMUP = count(50, 1);
const RUNS = count(6, 1);

const env = { SIM_SEED: '7' };
const logOn = await startApp(simulatorModules, { env, carrierEndpoints: ['postal-validate', 'rate-quotes'] });
const logOff = await startApp(simulatorModules, {
  env: { ...env, TRAFFIC_MAX_ENTRIES: '0' },
  database: { dialect: 'sqlite', file: path.join(logOn.dir, 'lab.sqlite') },
});
const on = logOn.app;
const off = logOff.app;
const tokens = new Map<App, string>([
  [on, await carrierToken(on)],
  [off, await carrierToken(off)],
]);

const call = async (app: App, route: string, body: unknown) => {
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/lab/sim/carrier${route}`,
    headers: { authorization: `Bearer ${tokens.get(app)}` },
    payload: body as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return performance.now() - t;
};

const cases = [
  ['postal validate', '/country/v1/postal/validate', defaultSample('postal-validate')],
  ['rate quote', '/rate/v1/rates/quotes', defaultSample('rate-quotes')],
] as const;

for (const [name, route, body] of cases) {
  for (let i = 0; i < WARMUP; i++) {
    await call(on, route, body);
    await call(off, route, body);
  }
  const onMs: number[] = [];
  const offMs: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // Alternate which goes first, so neither always follows the other's deferred work.
    if (i % 2) {
      onMs.push(await call(on, route, body));
      offMs.push(await call(off, route, body));
    } else {
      offMs.push(await call(off, route, body));
      onMs.push(await call(on, route, body));
    }
  }
  const a = summarize(onMs);
  const b = summarize(offMs);
  report(`${name}: log off, p50`, b.p50, 'ms');
  report(`${name}: log on, p50`, a.p50, 'ms');
  report(`${name}: added by the log, p50`, a.p50 - b.p50, 'ms', { max: 0.5 });
  report(`${name}: log off, p95`, b.p95, 'ms');
  report(`${name}: log on, p95`, a.p95, 'ms');
  report(`${name}: added by the log, p95`, a.p95 - b.p95, 'ms');

  // Runs of calls on one app, wall time per call, until the log has finished its deferred work
  // (the traffic route awaits the newest entry's check): all the log costs. Runs alternate, the
  // median of 6 each is reported (the machine is shared).
  const run = async (app: App) => {
    const n = count(Math.max(10, Math.round(CALLS / 4)), 2);
    const t = performance.now();
    for (let i = 0; i < n; i++) await call(app, route, body);
    await app.inject({ method: 'GET', url: '/lab/api/simulator/traffic?limit=1' });
    return (performance.now() - t) / n;
  };
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const offRuns: number[] = [];
  const onRuns: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    offRuns.push(await run(off));
    onRuns.push(await run(on));
  }
  report(`${name}: per call, all work, log off`, median(offRuns), 'ms');
  report(`${name}: per call, all work, log on`, median(onRuns), 'ms');
  report(`${name}: per call, all work, added`, median(onRuns) - median(offRuns), 'ms');
}

await logOff.close();
await logOn.close();
