// Simulated webhooks budget (issue 32): a clock advance that releases 1,000 due events delivers
// them all to a local subscriber in ≤ 2 s. Measured here on the sim module's side: 1,000 events
// (carrier-sized shipment-visibility bodies) handed to webhookSender.enqueue at once — what the
// carrier twin's release does on an advance — until the 1,000th signed delivery has reached a
// local node:http subscriber (one subscription, in order, keep-alive). SQLite always, PostgreSQL
// too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a database.
// Run: npm run bench sim-webhooks
import { labModules, servicesOf, shipmentWebhookPayload } from '@lab/server/bench';
import { count, report } from './support.ts';
import { startApp, subscribeWebhooks, type AppOptions } from './support/app.ts';
import { postgresUrl, withSchema } from './support/postgres.ts';
import { webhookSink } from './support/webhookSink.ts';

const EVENTS = count(1000, 5, 'BENCH_SIM_WEBHOOK_EVENTS');
const ROUNDS = count(3, 1, 'BENCH_SIM_WEBHOOK_ROUNDS');
const WARMUP = count(50, 2);
const START = new Date(Date.UTC(2026, 10, 24, 12));

/** Event `i`: a shipment-visibility delivery of the twin's own shape (three scans, ~1.6 KB). */
const event = (i: number, prefix: string) => {
  const trackingNumber = String(794953535000 + i);
  return {
    environment: 'sandbox' as const,
    eventId: `${prefix}-${i}`,
    trackingNumber,
    eventType: 'IT',
    occurredAt: Date.now(),
    body: JSON.stringify(shipmentWebhookPayload(trackingNumber, 2, START)),
  };
};

/** The measure on SQLite (a fresh file), or on `database`. */
async function run(label: string, database?: AppOptions['database']) {
  const sim = await startApp(labModules, { database });
  const app = sim.app;
  const sink = await webhookSink();
  try {
    await subscribeWebhooks(app, sink.url);
    const sender = servicesOf(app).webhookSender;
    let offset = 0;
    // warm-up: connections, statements
    const warm = sink.expect(WARMUP);
    await sender.enqueue(Array.from({ length: WARMUP }, (_, i) => event(i, 'warm')));
    await warm;
    await sender.idle();
    for (let round = 1; round <= ROUNDS; round++) {
      const events = Array.from({ length: EVENTS }, (_, i) => event(offset + i, 'bench'));
      offset += EVENTS;
      const all = sink.expect(EVENTS);
      const t0 = performance.now();
      await sender.enqueue(events);
      const stored = performance.now() - t0;
      await all;
      const delivered = performance.now() - t0;
      await sender.idle();
      report(`${label}: enqueue ${EVENTS} events (stored), round ${round}`, stored, 'ms');
      report(`${label}: all ${EVENTS} received by the subscriber`, delivered, 'ms', { max: 2000 });
    }
  } finally {
    await sim.close();
    await sink.close();
  }
}

await run('sqlite');
if (postgresUrl) {
  const url = postgresUrl;
  await withSchema(url, (schema) => run('postgres', { dialect: 'postgres', url, schema }));
}
