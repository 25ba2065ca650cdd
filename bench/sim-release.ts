// The carrier twin's half of issue 32's webhook budget (an advance releasing 1,000 due events
// delivers them all to a local subscriber in ≤ 2 s): the time from a clock advance to the 1,000
// due scan events being selected, turned into shipment-visibility payloads, handed to
// webhookSender.enqueue and marked released (carrier-sim/release.ts), on SQLite, with the sim
// module's clock and sender replaced by a manual clock and a sender that only counts (the
// delivery half is the sim module's bench). 125 one-package shipments × 8 domestic scans per run.
// Run: npx tsx --conditions=@lab/source bench/sim-release.ts
import type { SimEnvironmentName } from '@lab/core/simulator';
import { simulatorModules } from '@lab/server/bench';
import { count, report, summarize } from './support.ts';
import { carrierToken, injectShip, shipRequest, startApp } from './support/app.ts';

const SHIPMENTS = count(125, 2, 'BENCH_RELEASE_SHIPMENTS');
const RUNS = count(5, 1, 'BENCH_RELEASE_RUNS');
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
  /** The bench's clock has no real time to go back to: a reset keeps it where it is. */
  reset: async () => now,
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
  /** No bound: the release's own cost is measured. */
  room: async () => Infinity,
  idle: async () => undefined,
  shipped: () => undefined,
};

const modules = simulatorModules.map((m) =>
  m.name === 'sim' ? { ...m, provides: { ...m.provides, simClock: () => clock, webhookSender: () => sender } } : m,
);
const sim = await startApp(modules, { env: { SIM_SEED: '32' } });
const app = sim.app;
const token = await carrierToken(app);
const body = shipRequest('ZPLII', 'STOCK_4X6');

const ms: number[] = [];
for (let run = 0; run < RUNS; run++) {
  body.requestedShipment.shipDatestamp = new Date(now).toISOString().slice(0, 10);
  const payload = JSON.stringify(body);
  for (let i = 0; i < SHIPMENTS; i++) await injectShip(app, token, payload);
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
await sim.close();
