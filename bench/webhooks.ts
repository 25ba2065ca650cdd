// Webhook budgets: sustained ingest on 2 cores ≥ 3,000 req/s with p99 ≤ 25 ms for 2 KB payloads,
// none lost; ingest → SSE delivery p99 ≤ 100 ms with 20 viewers. SQLite always, PostgreSQL too
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a database.
// Run: npx tsx --conditions=@lab/source bench/webhooks.ts  (build first: npx tsc -b apps/server)
import autocannon from 'autocannon';
import { openSse, type SseReader } from '@lab/server/bench';
import { count, pause, report, startServer, summarize, type RunningServer } from './support.ts';
import { postgresUrl, withDatabase } from './support/postgres.ts';

const DURATION_S = count(10, 1, 'BENCH_WEBHOOK_SECONDS');
const CONNECTIONS = count(16, 2, 'BENCH_WEBHOOK_CONNECTIONS');
const WARMUP_S = count(2, 1);
const VIEWERS = count(20, 2);
const LATENCY_POSTS = count(400, 8);

/** A realistic 2,048-byte envelope. */
function payload(transactionId: string): string {
  const head = `{"outputMetaData":[{"transactionId":"${transactionId}","timestamp":"2026-11-22T01:02:03Z"}],"output":{"pad":"`;
  const tail = '"}}';
  return head + 'x'.repeat(2048 - head.length - tail.length) + tail;
}

async function ingest(server: RunningServer, label: string) {
  const url = `${server.baseUrl}/lab/hooks/fdx/bench`;
  const body = payload('bench-ingest');
  await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    connections: 4,
    duration: WARMUP_S,
  }); // warm-up
  const before = await total(server);
  const r = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const stored = (await total(server)) - before;
  report(`${label}: ingest 2 KB, req/s (${CONNECTIONS} conns, ${DURATION_S} s)`, r.requests.average, 'req/s', {
    min: 3000,
  });
  report(`${label}: ingest 2 KB, p99 latency`, r.latency.p99, 'ms', { max: 25 });
  // Requests still in flight when autocannon stops are stored but not counted as 2xx: only a
  // positive difference would mean a lost acknowledgement.
  report(`${label}: acknowledged but not stored (lost)`, Math.max(0, r['2xx'] - stored), 'rows', { max: 0 });
  if (r.non2xx || r.errors || r.timeouts)
    console.log(`  non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`);
}

async function total(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.baseUrl}/lab/api/webhooks/bench?size=1`);
  return ((await res.json()) as { total: number }).total;
}

async function delivery(server: RunningServer, label: string) {
  const viewers: SseReader[] = [];
  for (let i = 0; i < VIEWERS; i++)
    viewers.push(await openSse(`${server.baseUrl}/lab/api/realtime?topics=webhooks/latency`));
  // Events published during the ingest flood may still be queued on the bus (on PostgreSQL every
  // publish is one NOTIFY round trip on the listener connection): measure how long that backlog
  // takes to clear, then measure delivery at a steady rate.
  const probeStart = performance.now();
  const probe = await fetch(`${server.baseUrl}/lab/hooks/fdx/latency`, { method: 'POST', body: payload('probe') });
  const probeId = ((await probe.json()) as { id: number }).id;
  await Promise.all(viewers.map((v) => v.next((e) => e.data.id === probeId, 300_000)));
  report(`${label}: event backlog after the ingest flood`, performance.now() - probeStart, 'ms');
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const waits = viewers.map(async (v) => {
    for (let n = 0; n < LATENCY_POSTS; n++) {
      const e = await v.next(() => true, 10_000);
      const t0 = sent.get(e.data.transactionId as string);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    }
  });
  // A steady stream (about 200/s, 4 at a time) rather than a flood: this measures delivery, not queueing.
  for (let i = 0; i < LATENCY_POSTS; i += 4) {
    await Promise.all(
      [0, 1, 2, 3].map(async (k) => {
        const id = `lat-${i + k}`;
        sent.set(id, performance.now());
        const res = await fetch(`${server.baseUrl}/lab/hooks/fdx/latency`, { method: 'POST', body: payload(id) });
        if (!res.ok) throw new Error(`POST answered ${res.status}`);
      }),
    );
    await pause(20);
  }
  await Promise.all(waits);
  for (const v of viewers) v.close();
  const s = summarize(latencies);
  report(`${label}: ingest → SSE p50 (${VIEWERS} viewers, ${s.n} deliveries)`, s.p50, 'ms');
  report(`${label}: ingest → SSE p99`, s.p99, 'ms', { max: 100 });
}

const benchEnv = { WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000000', WEBHOOK_RETENTION_PER_CHANNEL: '100000000' };

const sqlite = await startServer(benchEnv);
try {
  await ingest(sqlite, 'SQLite');
  await delivery(sqlite, 'SQLite');
} finally {
  await sqlite.stop();
}

if (postgresUrl) {
  // A fresh database (not a schema: the server keeps its migration tables in the database's
  // default schema), dropped afterwards.
  await withDatabase(postgresUrl, async (url) => {
    const server = await startServer({ ...benchEnv, DATABASE_URL: url });
    try {
      await ingest(server, 'PostgreSQL');
      await delivery(server, 'PostgreSQL');
    } finally {
      await server.stop();
    }
  });
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
