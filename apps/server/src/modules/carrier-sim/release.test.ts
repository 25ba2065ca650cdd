import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, labModulesWithServices, type TestApp } from '../../test/helpers.js';
import { twinCall, twinToken } from '../../test/simulators.js';
import { manualClock, recordingSender } from './testClock.js';
import { shipRequest } from './testShipments.js';

/** Monday 23 November 2026, 09:00 UTC. */
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const DAY = 24 * 3_600_000;

// Issue 40 item 2 (re-measured by bench/hardening-sim.ts): one advance over 500 shipments with 20
// deliverTwice subscriptions created 160,000 outbox rows, three times SIM_WEBHOOK_MAX_PENDING, because
// that bound only refused the next move. The release now stops where the outbox has no more room.
describe('the release of due scan events stops where the outbox has no room (sqlite)', () => {
  let t: TestApp;
  const clock = manualClock(START);
  const sender = recordingSender();

  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { simSeed: 40 },
      { modules: labModulesWithServices('sim', { simClock: () => clock, webhookSender: () => sender }) },
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('queues no more events than webhookSender.room, and the rest at later ticks once there is room, each once', async () => {
    const token = await twinToken(t.app);
    const body = shipRequest((_body, rs) => {
      rs.shipDatestamp = new Date(START).toISOString().slice(0, 10);
    });
    for (let i = 0; i < 3; i++) {
      const res = await twinCall(t.app, token, '/ship/v1/shipments', body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const queued = () => sender.calls.flat();
    await clock.tick('sandbox');
    const created = queued().length; // each shipment's first scan (OC), due at once
    expect(created).toBe(3);

    sender.setRoom(5);
    await clock.advance('sandbox', 30 * DAY);
    await clock.settled();
    expect(queued().length - created).toBe(5);
    await clock.tick('sandbox');
    expect(queued().length - created).toBe(5); // still no room: nothing more

    sender.setRoom(Infinity);
    await clock.tick('sandbox');
    const all = queued();
    const ids = all.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    // Every shipment's whole journey went out in the end, each scan once, in its order.
    const byShipment = new Map<string, typeof all>();
    for (const e of all) byShipment.set(e.trackingNumber, [...(byShipment.get(e.trackingNumber) ?? []), e]);
    expect(byShipment.size).toBe(3);
    for (const events of byShipment.values()) {
      expect(events.length).toBeGreaterThan(5);
      expect(events[0]!.eventType).toBe('OC');
      expect(events[events.length - 1]!.eventType).toBe('DL');
    }
  });
});
