// Issue 40's re-measures of items 2 and 7 (the simulator's webhooks), with the finding's measures.
// Run: npx tsx --conditions=@lab/source bench/hardening-sim.ts [subscriptions|crash]…  (default: both)
// Build first: npx tsc -b apps/server. Each part starts the built server on a fresh SQLite file
// (the outbox's lease is the same on SQLite and PostgreSQL; only the row lock of a lease is PG's).
//   subscriptions  1,000 POSTs of a deliverTwice subscription to one environment: how many were
//                  accepted, the first refusal; then 500 shipments on the twin and one advance
//                  (P30D, every scan event falls due): outbox rows it created, POSTs/s received by
//                  a local subscriber (over the whole delivery, or its first 120 s), the server's
//                  RSS before, at its peak and after; and a second
//                  advance while those deliveries are pending. Finding: 1,000 accepted, 80,040 rows,
//                  ~2,400 POSTs/s, RSS 141 → 381 MB.
//   crash          4 subscriptions, 250 shipments, one advance (8,000 deliveries); SIGKILL of the
//                  server when half have arrived, restart on the same database: deliveries received
//                  twice and the stall (the longest gap between deliveries from the kill on; the
//                  restart → its first delivery).
//                  Finding: 48–49 duplicates, stall 59–61 s (the 60 s lease).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, pause, rssMb, startServer, type RunningServer } from './support.ts';
import { gapsAfter, recordingSink, type RecordingSink } from './support/recordingSink.ts';
import { advanceClock, createShipments, newestDeliveryId, subscribe } from './support/simHttp.ts';

const parts = process.argv.slice(2);
const wanted = (name: string) => parts.length === 0 || parts.includes(name);
/** The ticker slowed: the advance releases every due event itself; no warm-up (no labels here). */
const SIM_ENV = { SIM_SEED: '40', SIM_CLOCK_TICK_MS: '3600000', WARM_UP_ON_START: '0' };

const mb = (v: number) => `${v.toFixed(0)} MB`;
const firstLine = (body: string) => {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    return body.slice(0, 200);
  }
};

/** Samples `pid`'s RSS every 100 ms until stopped: the peak. */
function rssPeak(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

async function subscriptions(sink: RecordingSink) {
  const tries = count(1000, 3);
  const shipments = count(500, 2, 'BENCH_HARDENING_SHIPMENTS');
  const WINDOW_S = count(120, 30, 'BENCH_HARDENING_WINDOW_S');
  // The default bound (20), or 2 in a smoke run (fewer rows: the smoke run has 120 s for both parts).
  const server = await startServer({ ...SIM_ENV, SIM_WEBHOOK_MAX_SUBSCRIPTIONS: String(count(20, 2)) });
  try {
    let accepted = 0;
    let refused: string | undefined;
    for (let i = 0; i < tries; i++) {
      const res = await subscribe(server.baseUrl, {
        url: `${sink.origin}/lab/hooks/fdx/s${i}`,
        token: 't',
        deliverTwice: true,
      });
      if (res.status === 201) accepted++;
      else refused ??= `${res.status} "${firstLine(res.body)}"`;
    }
    console.log(
      `subscriptions: ${tries} deliverTwice POSTs → ${accepted} accepted; first refused: ${refused ?? 'none'}`,
    );
    await createShipments(server.baseUrl, shipments);
    const rss0 = rssMb(server.pid);
    const peak = rssPeak(server.pid);
    const before = await newestDeliveryId(server.baseUrl);
    const received0 = sink.received();
    const t0 = performance.now();
    const advanced = await advanceClock(server.baseUrl, 'P30D');
    const answeredMs = performance.now() - t0;
    if (advanced.status !== 200) throw new Error(`advance answered ${advanced.status}: ${advanced.body}`);
    const rows = (await newestDeliveryId(server.baseUrl)) - before;
    const second = await advanceClock(server.baseUrl, 'PT1H');
    console.log(
      `advance over ${shipments} shipments: answered 200 in ${(answeredMs / 1000).toFixed(1)} s, ${rows} outbox rows created; ` +
        `a second advance then → ${second.status}${second.status === 200 ? '' : ` "${firstLine(second.body)}"`}`,
    );
    // The rate over the whole delivery, or over the first WINDOW seconds when it takes longer.
    await Promise.race([sink.until(() => sink.received() - received0 >= rows), pause(WINDOW_S * 1000)]);
    const seconds = (performance.now() - t0) / 1000;
    const posts = sink.received() - received0;
    console.log(
      `delivered ${posts} of ${rows} POSTs in ${seconds.toFixed(1)} s from the advance = ${(posts / seconds).toFixed(0)} POSTs/s; ` +
        `server RSS ${mb(rss0)} before, peak ${mb(peak())}, after ${mb(rssMb(server.pid))}`,
    );
  } finally {
    await server.stop();
  }
}

async function crash(sink: RecordingSink) {
  const subs = count(4, 1);
  const shipments = count(250, 2, 'BENCH_HARDENING_CRASH_SHIPMENTS');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-crash-'));
  const env = { ...SIM_ENV, DATABASE_URL: `sqlite:${path.join(dir, 'lab.sqlite')}` };
  let server: RunningServer | undefined = await startServer(env, { ownProcess: true });
  try {
    for (let i = 0; i < subs; i++) {
      const res = await subscribe(server.baseUrl, { url: `${sink.origin}/lab/hooks/fdx/crash${i}`, token: 't' });
      if (res.status !== 201) throw new Error(`subscribe answered ${res.status}: ${res.body}`);
    }
    await createShipments(server.baseUrl, shipments);
    const start = { received: sink.received(), distinct: sink.distinct() };
    // Armed once the advance has answered (every event released and queued): the kill then falls
    // in the middle of the deliveries, at the first one past half of them.
    let killAt = Infinity;
    let killed = NaN;
    let stopped: Promise<void> | undefined;
    const victim = server;
    sink.onDelivery = (received) => {
      if (received - start.received < killAt || stopped) return;
      process.kill(victim.pid, 'SIGKILL');
      killed = performance.now();
      stopped = victim.stop(); // at once, before the exit event is handled
    };
    const advanced = await advanceClock(server.baseUrl, 'P30D');
    if (advanced.status !== 200) throw new Error(`advance answered ${advanced.status}: ${advanced.body}`);
    const rows = await newestDeliveryId(server.baseUrl);
    killAt = Math.floor(rows / 2);
    sink.onDelivery(sink.received());
    while (!stopped) {
      if (sink.received() - start.received >= rows) throw new Error('every delivery arrived before the kill');
      await pause(20);
    }
    await stopped;
    const before = sink.received() - start.received;
    server = await startServer(env, { ownProcess: true });
    const restarted = performance.now();
    await sink.until(() => sink.distinct() - start.distinct >= rows);
    const received = sink.received() - start.received;
    const { longest } = gapsAfter(sink.times, killed);
    const { firstAfter } = gapsAfter(sink.times, restarted);
    console.log(
      `crash: ${subs} subscriptions, ${rows} deliveries; SIGKILL after ${before} arrived, restart ${((restarted - killed) / 1000).toFixed(1)} s later; ` +
        `all ${rows} arrived, ${received - rows} twice (in flight at most ${subs}); ` +
        `first delivery ${(firstAfter / 1000).toFixed(1)} s after the restart answered, ` +
        `longest gap between deliveries from the kill on (the stall) ${(longest / 1000).toFixed(1)} s`,
    );
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sink = await recordingSink();
try {
  if (wanted('subscriptions')) await subscriptions(sink);
  if (wanted('crash')) await crash(sink);
} finally {
  await sink.close();
}
