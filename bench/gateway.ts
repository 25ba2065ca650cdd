// Gateway budget: one request type through the gateway (/lab/api/…) vs the same upstream simulator
// called directly (/lab/sim/…) on the same built server: p50/p95 of each and their ratio. Budget:
// gateway p50 ≤ 1.10× direct, or ≤ 2 ms added at p50. Samples alternate (direct, gateway) so load
// from other processes falls on both sides alike.
// Run: npx tsx --conditions=@lab/source bench/gateway.ts [endpoint] [--body file.json]
//   endpoint: stratus-greet (default) or a carrier catalogue id (e.g. ship-create: POST
//   /ship/v1/shipments, body from --body or the catalogue's sample when it has one).
// Build first: npx tsc -b apps/server
import fs from 'node:fs';
import os from 'node:os';
import { defaultSample, endpointById } from '@lab/core/carrier';
import { carrierDocuments, count, report, startServer, summarize, verdict, type RunningServer } from './support.ts';

const SAMPLES = count(400, 3, 'BENCH_GATEWAY_SAMPLES');
// Enough rounds for the JIT to settle on both paths (a few hundred calls change p50 by 2-3×).
const WARMUP = count(500, 3, 'BENCH_GATEWAY_WARMUP');

interface Target {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  gatewayPath: string;
  directPath: string;
  headers: Record<string, string>;
  body?: string;
}

const args = process.argv.slice(2);
const endpoint = args.find((a) => !a.startsWith('--')) ?? 'stratus-greet';
const bodyFile = args.includes('--body') ? args[args.indexOf('--body') + 1] : undefined;
/** For ship-create: the label image type of our default sample (ZPLII = no rendering; PDF/PNG = our renderer). */
const imageType = args.includes('--image') ? args[args.indexOf('--image') + 1] : undefined;

async function json(server: RunningServer, path: string, init: RequestInit) {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function target(server: RunningServer): Promise<Target> {
  if (endpoint === 'stratus-greet') {
    const token = await json(server, '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}` },
    });
    return {
      name: 'Stratus greet',
      method: 'GET',
      gatewayPath: '/lab/api/stratus/stratus/v1/greet',
      directPath: '/lab/sim/stratus/stratus/v1/greet',
      // The simulator reads `authorization`; the gateway forwards `x-upstream-authorization` as it.
      headers: {
        authorization: `Bearer ${String(token.access_token)}`,
        'x-upstream-authorization': `Bearer ${String(token.access_token)}`,
        'x-api-key': 'bench',
      },
    };
  }
  const entry = endpointById(endpoint);
  if (!entry || entry.host !== 'api' || entry.method === 'GET' || entry.method === 'DELETE') {
    throw new Error(`unknown endpoint "${endpoint}": use stratus-greet or a carrier catalogue id on the api host`);
  }
  const token = await json(server, '/lab/sim/carrier/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
  });
  const status = await json(server, '/lab/sim/carrier/status', { method: 'GET' });
  const sample = structuredClone(defaultSample(entry.id)) as Record<string, any> | undefined;
  if (sample && imageType && sample.requestedShipment?.labelSpecification) {
    sample.requestedShipment.labelSpecification.imageType = imageType;
    sample.labelResponseOptions = 'LABEL';
  }
  const body = bodyFile ? fs.readFileSync(bodyFile, 'utf8') : JSON.stringify(sample ?? {});
  console.log(`simulator status: ${JSON.stringify(status).slice(0, 200)}`);
  return {
    name: `carrier ${entry.method} ${entry.path}`,
    method: entry.method,
    gatewayPath: `/lab/api/carrier/sandbox${entry.path}`,
    directPath: `/lab/sim/carrier${entry.path}`,
    headers: {
      authorization: `Bearer ${String(token.access_token)}`,
      'x-upstream-authorization': `Bearer ${String(token.access_token)}`,
      'content-type': 'application/json',
      'x-customer-transaction-id': 'bench',
      'x-locale': 'en_US',
    },
    body,
  };
}

async function once(server: RunningServer, t: Target, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, { method: t.method, headers: t.headers, body: t.body });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`${t.method} ${path}: HTTP ${res.status}`);
  return ms;
}

// A carrier endpoint: its OpenAPI document imported, so the simulator validates requests as in use.
const server = await startServer(
  { GATEWAY_RATE_LIMIT_PER_MINUTE: String(100 * (SAMPLES + WARMUP)) },
  endpoint !== 'stratus-greet' ? { carrierDocuments: carrierDocuments(endpoint) } : {},
);
try {
  const t = await target(server);
  for (let i = 0; i < WARMUP; i++) {
    await once(server, t, t.directPath);
    await once(server, t, t.gatewayPath);
  }
  const direct: number[] = [];
  const gateway: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    direct.push(await once(server, t, t.directPath));
    gateway.push(await once(server, t, t.gatewayPath));
  }
  const d = summarize(direct);
  const g = summarize(gateway);
  console.log(`gateway vs direct simulator: ${t.name}, ${SAMPLES} sequential samples each`);
  console.log(
    `machine load average (1/5 min): ${os
      .loadavg()
      .slice(0, 2)
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.availableParallelism()} cores`,
  );
  report('direct simulator p50', d.p50, 'ms');
  report('direct simulator p95', d.p95, 'ms');
  report('through the gateway p50', g.p50, 'ms');
  report('through the gateway p95', g.p95, 'ms');
  const ratio = g.p50 / d.p50;
  const added = g.p50 - d.p50;
  report('gateway/direct p50 ratio', ratio, '×');
  report('added at p50', added, 'ms');
  report('gateway/direct p95 ratio', g.p95 / d.p95, '×');
  console.log(verdict(ratio <= 1.1 || added <= 2, '(gateway ≤ 1.10× direct or ≤ 2 ms added at p50)'));
} finally {
  await server.stop();
}
