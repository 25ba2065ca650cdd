// Simulated webhooks budget (issue 32): a clock advance that releases 1,000 due events delivers
// them all to a local subscriber in ≤ 2 s. Measured here on the sim module's side: 1,000 events
// (carrier-sized shipment-visibility bodies) handed to webhookSender.enqueue at once — what the
// carrier twin's release does on an advance — until the 1,000th signed delivery has reached a
// local node:http subscriber (one subscription, in order, keep-alive). SQLite always, PostgreSQL
// too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a database.
// Run: npm run bench sim-webhooks
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, labModules, loadConfig, servicesOf } from '@lab/server/bench';
import { report } from './support.ts';

const EVENTS = Number(process.env.BENCH_SIM_WEBHOOK_EVENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_SIM_WEBHOOK_ROUNDS ?? 3);

/** A shipment-visibility body of the carrier's size (~1.6 KB). */
function body(i: number): string {
  const tracking = String(794953535000 + i);
  const at = new Date(Date.UTC(2026, 10, 24, 12) + i * 60_000).toISOString();
  const scan = {
    date: at,
    eventType: 'IT',
    eventDescription: 'In transit',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    scanLocation: { city: 'INDIANAPOLIS', stateOrProvinceCode: 'IN', postalCode: '46241', countryCode: 'US' },
  };
  return JSON.stringify({
    outputMetaData: [{ transactionId: `bench-${i}`, timestamp: at, eventType: 'IT' }],
    output: {
      completeTrackResults: [
        {
          trackingNumber: tracking,
          trackResults: [
            {
              trackingNumberInfo: { trackingNumber: tracking, carrierCode: 'FDXE' },
              latestStatusDetail: {
                code: 'IT',
                derivedCode: 'IT',
                statusByLocale: 'In transit',
                description: 'In transit',
              },
              scanEvents: [
                scan,
                { ...scan, eventType: 'PU', eventDescription: 'Picked up' },
                { ...scan, eventType: 'OC' },
              ],
            },
          ],
        },
      ],
    },
  });
}

async function subscriber() {
  let received = 0;
  let target = Infinity;
  let reached: () => void = () => {};
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end('ok');
      if (++received >= target) reached();
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lab/hooks/fdx/bench`,
    /** Resolves when `n` more deliveries have arrived. */
    expect(n: number): Promise<void> {
      target = received + n;
      return new Promise<void>((resolve) => (reached = resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function run(
  label: string,
  database: Parameters<typeof loadConfig>[1]['database'],
  cleanup: () => Promise<void>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-simhooks-'));
  const config = loadConfig({ LOG_LEVEL: 'warn' }, { database, webDistDir: dir }, labModules);
  const app = await buildApp(config, { modules: labModules });
  const sink = await subscriber();
  try {
    const sub = await app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: sink.url, token: 'bench-token' },
    });
    if (sub.statusCode !== 201) throw new Error(`subscribe answered ${sub.statusCode}: ${sub.body}`);
    const sender = servicesOf(app).webhookSender;
    let offset = 0;
    // warm-up: connections, statements
    const warm = sink.expect(50);
    await sender.enqueue(
      Array.from({ length: 50 }, (_, i) => ({
        environment: 'sandbox' as const,
        eventId: `warm-${i}`,
        trackingNumber: String(794953535000 + i),
        eventType: 'IT',
        occurredAt: Date.now(),
        body: body(i),
      })),
    );
    await warm;
    await sender.idle();
    for (let round = 1; round <= ROUNDS; round++) {
      const events = Array.from({ length: EVENTS }, (_, i) => ({
        environment: 'sandbox' as const,
        eventId: `bench-${offset + i}`,
        trackingNumber: String(794953535000 + offset + i),
        eventType: 'IT',
        occurredAt: Date.now(),
        body: body(offset + i),
      }));
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
    await app.close();
    await sink.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await cleanup();
  }
}

{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-simhooks-db-'));
  await run('sqlite', { dialect: 'sqlite', file: path.join(dir, 'lab.sqlite') }, async () =>
    fs.rmSync(dir, { recursive: true, force: true }),
  );
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  await run('postgres', { dialect: 'postgres', url: pgUrl, schema }, async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  });
}
