// Issue 32's webhook budget end to end: a clock advance that releases 1,000 due scan events delivers
// them all to a local subscriber in ≤ 2 s. The real app on SQLite: 125 one-package shipments (8
// domestic scans each) created on the carrier twin, one subscription to a local node:http
// subscriber, then `POST /lab/api/simulator/clock {"advance": "P30D"}`; measured from the advance
// until the subscriber has received all 1,000 signed deliveries (release: carrier-sim/release.ts,
// outbox and delivery: sim/outbox.ts). The ticker is slowed (SIM_CLOCK_TICK_MS) so the advance
// releases every event itself. Run: npx tsx --conditions=@lab/source bench/sim-advance.ts
import { labModules, servicesOf } from '@lab/server/bench';
import { count, report } from './support.ts';
import { carrierToken, injectShip, shipRequest, startApp, subscribeWebhooks } from './support/app.ts';
import { webhookSink } from './support/webhookSink.ts';

const SHIPMENTS = count(125, 2, 'BENCH_ADVANCE_SHIPMENTS');
const ROUNDS = count(3, 1, 'BENCH_ADVANCE_ROUNDS');
const EVENTS_PER_SHIPMENT = 8;

const sink = await webhookSink();
const sim = await startApp(labModules, { env: { SIM_SEED: '32', SIM_CLOCK_TICK_MS: '3600000' } });
const app = sim.app;
try {
  await subscribeWebhooks(app, sink.url);
  const token = await carrierToken(app);
  const body = shipRequest('ZPLII', 'STOCK_4X6');
  const clock = servicesOf(app).simClock;
  for (let round = 1; round <= ROUNDS; round++) {
    body.requestedShipment.shipDatestamp = new Date(await clock.now('sandbox')).toISOString().slice(0, 10);
    const payload = JSON.stringify(body);
    for (let i = 0; i < SHIPMENTS; i++) await injectShip(app, token, payload);
    const expected = SHIPMENTS * EVENTS_PER_SHIPMENT;
    const all = sink.expect(expected);
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
  await sim.close();
  await sink.close();
}
