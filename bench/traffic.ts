// Traffic log budget (issue 32): the log adds ≤ 0.5 ms p50 per simulator call. Two apps on one
// SQLite file with the carrier's OpenAPI documents imported, the same simulators and fault hooks;
// one records every call (the defaults: 500 entries, 16 MiB, bodies cut at 64 KiB), the other has
// the log off (TRAFFIC_MAX_ENTRIES=0: no hooks). Calls alternate between them so drift hits both
// alike. Server time is app.inject (no socket); "per call, all work" divides the wall time of a
// run of calls, so the log's deferred work (the conformance check after the reply) is counted too.
// Run: npx tsx --conditions=@lab/source bench/traffic.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import { buildApp, carrierOpenApiDataset, loadConfig, runImport, simulatorModules } from '@lab/server/bench';
import { repoRoot, report, summarize } from './support.ts';

const DOCS = path.resolve(repoRoot, '../shared/reference/carrier-openapi');
const CALLS = Number(process.env.BENCH_TRAFFIC_CALLS ?? 1000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-traffic-'));
const database = { dialect: 'sqlite' as const, file: path.join(dir, 'lab.sqlite') };
const start = async (env: Record<string, string>) =>
  buildApp(loadConfig({ LOG_LEVEL: 'warn', SIM_SEED: '7', ...env }, { database, webDistDir: dir }, simulatorModules), {
    modules: simulatorModules,
  });

const on = await start({});
await runImport(on.db, [carrierOpenApiDataset], 'carrier-openapi', [DOCS]);
const off = await start({ TRAFFIC_MAX_ENTRIES: '0' });

type App = typeof on;
const token = async (app: App) =>
  (
    await app.inject({
      method: 'POST',
      url: '/lab/sim/carrier/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
    })
  ).json().access_token as string;
const tokens = new Map<App, string>([
  [on, await token(on)],
  [off, await token(off)],
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
  for (let i = 0; i < 50; i++) {
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
    const n = Math.max(10, Math.round(CALLS / 4));
    const t = performance.now();
    for (let i = 0; i < n; i++) await call(app, route, body);
    await app.inject({ method: 'GET', url: '/lab/api/simulator/traffic?limit=1' });
    return (performance.now() - t) / n;
  };
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const offRuns: number[] = [];
  const onRuns: number[] = [];
  for (let r = 0; r < 6; r++) {
    offRuns.push(await run(off));
    onRuns.push(await run(on));
  }
  report(`${name}: per call, all work, log off`, median(offRuns), 'ms');
  report(`${name}: per call, all work, log on`, median(onRuns), 'ms');
  report(`${name}: per call, all work, added`, median(onRuns) - median(offRuns), 'ms');
}

await on.close();
await off.close();
fs.rmSync(dir, { recursive: true, force: true });
