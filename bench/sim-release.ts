// The carrier twin's half of issue 32's webhook budget (an advance releasing 1,000 due events
// delivers them all to a local subscriber in ≤ 2 s): the time from a clock advance to the 1,000
// due scan events being selected, turned into shipment-visibility payloads, handed to
// webhookSender.enqueue and marked released (carrier-sim/release.ts), on SQLite, with the sim
// module's clock and sender replaced by a manual clock and a sender that only counts (the
// delivery half is the sim module's bench). 125 one-package shipments × 8 domestic scans per run.
// Run: npx tsx --conditions=@lab/source bench/sim-release.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { buildApp, loadConfig, simulatorModules } from '@lab/server/bench';
import { report, summarize } from './support.ts';

const SHIPMENTS = Number(process.env.BENCH_RELEASE_SHIPMENTS ?? 125);
const RUNS = Number(process.env.BENCH_RELEASE_RUNS ?? 5);
const DAY = 86_400_000;

type Listener = (environment: SimEnvironmentName, now: number) => Promise<void>;
let now = Date.UTC(2026, 10, 23, 9);
const listeners = new Set<Listener>();
const clock = {
  factor: 1,
  now: async () => now,
  async advance(environment: SimEnvironmentName, ms: number) {
    now += ms;
    for (const l of listeners) await l(environment, now);
    return now;
  },
  onTick(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  settled: async () => undefined,
};
let queued = 0;
let batches = 0;
const sender = {
  async enqueue(events: readonly unknown[]) {
    queued += events.length;
    batches++;
  },
  idle: async () => undefined,
  shipped: () => undefined,
};

const modules = simulatorModules.map((m) =>
  m.name === 'sim' ? { ...m, provides: { ...m.provides, simClock: () => clock, webhookSender: () => sender } } : m,
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-release-'));
const config = loadConfig(
  { LOG_LEVEL: 'warn', SIM_SEED: '32' },
  { database: { dialect: 'sqlite', file: path.join(dir, 'lab.sqlite') }, webDistDir: dir },
  modules,
);
const app = await buildApp(config, { modules: modules as typeof simulatorModules });
const token = (
  await app.inject({
    method: 'POST',
    url: '/lab/sim/carrier/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
  })
).json<{ access_token: string }>().access_token;
const body = defaultSample('ship-create') as { requestedShipment: Record<string, any> };
body.requestedShipment.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };

const ms: number[] = [];
for (let run = 0; run < RUNS; run++) {
  body.requestedShipment.shipDatestamp = new Date(now).toISOString().slice(0, 10);
  const payload = JSON.stringify(body);
  for (let i = 0; i < SHIPMENTS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/lab/sim/carrier/ship/v1/shipments',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  }
  const before = queued;
  const t = performance.now();
  await clock.advance('sandbox', 30 * DAY);
  ms.push(performance.now() - t);
  const released = queued - before;
  if (released !== SHIPMENTS * 8) throw new Error(`released ${released}, expected ${SHIPMENTS * 8}`);
}
const s = summarize(ms);
report(`advance releasing ${SHIPMENTS * 8} due scan events to webhookSender.enqueue, p50`, s.p50, 'ms', { max: 2000 });
report(`advance releasing ${SHIPMENTS * 8} due scan events to webhookSender.enqueue, max`, Math.max(...ms), 'ms');
report('enqueue calls per advance', batches / RUNS, 'calls');
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
