// Issue 32's webhook budget end to end: a clock advance that releases 1,000 due scan events delivers
// them all to a local subscriber in ≤ 2 s. The real app on SQLite: 125 one-package shipments (8
// domestic scans each) created on the carrier twin, one subscription to a local node:http
// subscriber, then `POST /lab/api/simulator/clock {"advance": "P30D"}`; measured from the advance
// until the subscriber has received all 1,000 signed deliveries (release: carrier-sim/release.ts,
// outbox and delivery: sim/outbox.ts). The ticker is slowed (SIM_CLOCK_TICK_MS) so the advance
// releases every event itself. Run: npx tsx --conditions=@lab/source bench/sim-advance.ts
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import { buildApp, labModules, loadConfig, servicesOf } from '@lab/server/bench';
import { report } from './support.ts';

const SHIPMENTS = Number(process.env.BENCH_ADVANCE_SHIPMENTS ?? 125);
const ROUNDS = Number(process.env.BENCH_ADVANCE_ROUNDS ?? 3);
const EVENTS_PER_SHIPMENT = 8;

let received = 0;
let target = Infinity;
let reached: () => void = () => {};
const sink = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.end('ok');
    if (++received >= target) reached();
  });
});
sink.keepAliveTimeout = 10_000;
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/lab/hooks/fdx/bench`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-advance-'));
const config = loadConfig(
  { LOG_LEVEL: 'warn', SIM_SEED: '32', SIM_CLOCK_TICK_MS: '3600000' },
  { database: { dialect: 'sqlite', file: path.join(dir, 'lab.sqlite') }, webDistDir: dir },
  labModules,
);
const app = await buildApp(config, { modules: labModules });
try {
  const sub = await app.inject({
    method: 'POST',
    url: '/lab/api/simulator/subscriptions',
    payload: { url: sinkUrl, token: 'bench-token' },
  });
  if (sub.statusCode !== 201) throw new Error(`subscribe answered ${sub.statusCode}: ${sub.body}`);
  const token = (
    await app.inject({
      method: 'POST',
      url: '/lab/sim/carrier/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
    })
  ).json<{ access_token: string }>().access_token;
  const body = defaultSample('ship-create') as { requestedShipment: Record<string, unknown> };
  body.requestedShipment.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };
  const clock = servicesOf(app).simClock;
  for (let round = 1; round <= ROUNDS; round++) {
    body.requestedShipment.shipDatestamp = new Date(await clock.now('sandbox')).toISOString().slice(0, 10);
    const payload = JSON.stringify(body);
    for (let i = 0; i < SHIPMENTS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/lab/sim/carrier/ship/v1/shipments',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    }
    const expected = SHIPMENTS * EVENTS_PER_SHIPMENT;
    const all = new Promise<void>((resolve) => (reached = resolve));
    target = received + expected;
    const t0 = performance.now();
    const advanced = await app.inject({
      method: 'POST',
      url: '/lab/api/simulator/clock',
      payload: { advance: 'P30D' },
    });
    if (advanced.statusCode !== 200) throw new Error(`advance answered ${advanced.statusCode}: ${advanced.body}`);
    const answered = performance.now() - t0;
    await all;
    const delivered = performance.now() - t0;
    await servicesOf(app).webhookSender.idle();
    report(`round ${round}: advance answered (${expected} events released and queued)`, answered, 'ms');
    report(`round ${round}: all ${expected} received by the subscriber`, delivered, 'ms', { max: 2000 });
  }
} finally {
  await app.close();
  sink.closeAllConnections();
  sink.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
