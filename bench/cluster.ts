// A team's deployment (issue 41): webhook ingest and create-shipment throughput through nginx over
// two instances vs one instance direct (same run, same cores: the point is that nothing breaks and
// the proxy's overhead is small, not a speed-up), and the longest gap a browser's stream sees when
// the instance it is connected to is killed. Needs PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) and nginx; says so and measures nothing without them.
// Run: npm run bench cluster  (build first: npx tsc -b apps/server)
import { performance } from 'node:perf_hooks';
import { Agent, setGlobalDispatcher } from 'undici';
import { defaultSample } from '@lab/core/carrier';
import { webhookTopic } from '@lab/core/webhooks';
import { openSse, type SseReader } from '@lab/server/bench';
// @ts-expect-error -- a plain ES module script of the repo (no types)
import { nginxBinary, startCluster } from '../scripts/cluster.mjs';
import { count, report } from './support.ts';
import { postgresUrl, withDatabase } from './support/postgres.ts';

const SECONDS = count(8, 1, 'BENCH_CLUSTER_SECONDS');
const CONNECTIONS = count(16, 2);
const body = JSON.stringify({
  outputMetaData: [{ transactionId: 'bench', timestamp: '2026-11-22T01:02:03Z' }],
  output: { pad: 'x'.repeat(1900) },
});

/** `worker` run by `CONNECTIONS` loops for SECONDS: completed calls per second, and how many failed. */
async function throughput(worker: () => Promise<boolean>): Promise<{ perSecond: number; failed: number }> {
  const end = performance.now() + SECONDS * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        if (await worker().catch(() => false)) ok++;
        else failed++;
      }
    }),
  );
  return { perSecond: ok / SECONDS, failed };
}

async function measure(base: string, label: string) {
  const ingest = await throughput(async () => {
    const res = await fetch(`${base}/lab/hooks/fdx/bench`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    await res.arrayBuffer();
    return res.status === 200;
  });
  report(`${label}: webhook ingest 2 KB`, ingest.perSecond, 'req/s');
  report(`${label}: webhook ingest failures`, ingest.failed, 'calls', { max: 0 });
  const token = await fetch(`${base}/lab/api/carrier/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
  });
  const auth = {
    'x-upstream-authorization': `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
  };
  const sample = structuredClone(defaultSample('ship-create')) as Record<string, any>;
  sample.labelResponseOptions = 'LABEL';
  sample.requestedShipment.labelSpecification.imageType = 'ZPLII';
  const ship = JSON.stringify(sample);
  const created = await throughput(async () => {
    const res = await fetch(`${base}/lab/api/carrier/sandbox/ship/v1/shipments`, {
      method: 'POST',
      body: ship,
      headers: { 'content-type': 'application/json', ...auth },
    });
    await res.arrayBuffer();
    return res.status === 200;
  });
  report(`${label}: create shipment (ZPLII)`, created.perSecond, 'req/s');
  report(`${label}: create shipment failures`, created.failed, 'calls', { max: 0 });
}

/** The longest gap between events a stream sees while its instance is SIGKILLed and it reconnects. */
async function streamGap(cluster: any): Promise<number> {
  const topics = `${webhookTopic('gap')}`;
  const open = () => openSse(`${cluster.base}/lab/api/realtime?topics=${topics}`);
  let sse: SseReader = await open();
  const victim = cluster.servers.findIndex(
    (s: { port: number }) => sse.headers.get('x-lab-instance') === `127.0.0.1:${s.port}`,
  );
  let last = performance.now();
  let longest = 0;
  let posting = true;
  const poster = (async () => {
    while (posting) {
      await fetch(`${cluster.base}/lab/hooks/fdx/gap`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    }
  })();
  const watch = async (stream: SseReader, events: number) => {
    let seen = 0;
    while (seen < events) {
      await stream.until(() => stream.events.length > 0);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      seen += stream.events.splice(0).length;
    }
  };
  await watch(sse, 20);
  await cluster.signal(victim, 'SIGKILL');
  await sse.ended; // the proxy ends the stream when its instance dies; EventSource reconnects at once
  sse = await open();
  await watch(sse, 20);
  posting = false;
  await poster;
  sse.close();
  return longest;
}

// What is measured is the service, not the per-address rate limiter: every call comes from one
// address (127.0.0.1), so the defaults (6,000 webhooks and 600 gateway calls a minute per address
// and instance) would answer 429 after the first seconds — and one instance would hit them where
// two behind nginx share the load. Raised for both runs alike.
const unlimited = { WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000000', GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000' };

if (!postgresUrl || !nginxBinary()) {
  console.log(
    `cluster bench skipped: ${!postgresUrl ? 'no BENCH_DATABASE_URL/TEST_DATABASE_URL' : 'nginx is not installed'}`,
  );
} else {
  await withDatabase(postgresUrl, async (databaseUrl) => {
    // One instance started the same way (the unit's command), measured on its own port, no proxy.
    const single = await startCluster({ env: { DATABASE_URL: databaseUrl, ...unlimited }, instances: 1 });
    try {
      await measure(`http://127.0.0.1:${single.servers[0].port}`, 'one instance, direct');
    } finally {
      await single.stop();
    }
  });
  await withDatabase(postgresUrl, async (databaseUrl) => {
    const cluster = await startCluster({ env: { DATABASE_URL: databaseUrl, ...unlimited } });
    setGlobalDispatcher(new Agent({ connect: { ca: cluster.ca } }));
    try {
      await measure(cluster.base, 'nginx (TLS) over two instances');
      report('stream: longest gap when its instance is killed', await streamGap(cluster), 'ms');
    } finally {
      await cluster.stop();
    }
  });
}
