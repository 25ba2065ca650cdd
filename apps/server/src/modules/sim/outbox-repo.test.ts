import { describe, expect, it } from 'vitest';
import { dialectsFor } from '../../test/helpers.js';
import { suiteDb } from '../../test/suiteFixtures.js';
import { OutboxRepo, type OutboxEvent } from './outbox.js';

const event = (n: number): OutboxEvent => ({
  environment: 'sandbox',
  eventId: `e${n}`,
  trackingNumber: '794953535000',
  eventType: 'IT',
  occurredAt: Date.UTC(2026, 10, 24) + n,
  body: `{"n":${n}}`,
});

// The outbox's SQL (leases, idempotent inserts, retention) on each dialect.
describe.each(dialectsFor('dialect-sensitive'))('the webhook outbox in the database (%s)', (dialect) => {
  const suite = suiteDb(dialect);

  it('leases a prefix of a queue to one owner at a time, in order; an expired lease can be taken over', async () => {
    const repo = new OutboxRepo(suite.db);
    const sub = await repo.subscribe({
      url: 'http://127.0.0.1:9/x',
      token: 't',
      environment: 'sandbox',
      deliverTwice: false,
      outOfOrder: false,
    });
    const now = 1_000_000;
    expect(await repo.enqueue([event(1), event(2), event(3)], now)).toEqual([sub.id]);
    expect(await repo.enqueue([event(1), event(2), event(3)], now)).toEqual([sub.id]);
    const a = await repo.claim(sub.id, 'A', now, now + 60_000, 2);
    expect(a.map((r) => r.eventId)).toEqual(['e1', 'e2']);
    // The head is A's: B gets nothing, not even the free third row (it would overtake).
    expect(await repo.claim(sub.id, 'B', now + 1, now + 60_001, 10)).toEqual([]);
    expect(await repo.heads()).toEqual([{ subscriptionId: sub.id, nextAttemptAt: now, leaseUntil: now + 60_000 }]);
    // A delivers the first, fails the second (retry later) and gives the rest back.
    await repo.delivered([a[0]!.id], 'A', 200, now + 10);
    await repo.attemptFailed(a[1]!.id, 'A', 1, 500, 'answered 500', now + 1000);
    await repo.release(
      a.map((r) => r.id),
      'A',
    );
    expect(await repo.claim(sub.id, 'B', now + 20, now + 60_020, 10)).toEqual([]);
    const retry = await repo.claim(sub.id, 'B', now + 1000, now + 61_000, 10);
    expect(retry.map((r) => [r.eventId, r.attempts])).toEqual([
      ['e2', 1],
      ['e3', 0],
    ]);
    // B stops answering: once its lease is over, A takes the queue over where it stands.
    expect(await repo.claim(sub.id, 'A', now + 61_000, now + 121_000, 10)).toEqual([]);
    const over = await repo.claim(sub.id, 'A', now + 61_001, now + 121_001, 10);
    expect(over.map((r) => r.eventId)).toEqual(['e2', 'e3']);
    // B's late marks are ignored: the rows are A's now.
    await repo.delivered([over[0]!.id], 'B', 200, now + 61_002);
    expect((await repo.deliveries(sub.id, 10)).map((d) => [d.event_id, d.state, d.lease_owner])).toEqual([
      ['e3', 'pending', 'A'],
      ['e2', 'pending', 'A'],
      ['e1', 'delivered', null],
    ]);
    expect(await repo.unsubscribe(sub.id)).toBe(true);
    expect(await repo.deliveries(sub.id, 10)).toEqual([]);
    expect(await repo.unsubscribe(sub.id)).toBe(false);
  });

  it('keeps the newest finished deliveries and every pending one', async () => {
    const repo = new OutboxRepo(suite.db, 3);
    const sub = await repo.subscribe({
      url: 'http://127.0.0.1:9/x',
      token: 't',
      environment: 'sandbox',
      deliverTwice: true,
      outOfOrder: false,
    });
    await repo.enqueue([event(10), event(11), event(12)], 0);
    const batch = await repo.claim(sub.id, 'A', 0, 60_000, 4);
    expect(batch.map((r) => r.eventId)).toEqual(['e10', 'e10', 'e11', 'e11']);
    await repo.delivered(
      batch.map((r) => r.id),
      'A',
      204,
      5,
    );
    await repo.release(
      batch.map((r) => r.id),
      'A',
    );
    await repo.enqueue([event(13)], 10);
    expect(await repo.prune()).toBe(1);
    expect(await repo.prune()).toBe(0);
    expect((await repo.deliveries(sub.id, 20)).map((d) => [d.event_id, d.copy, d.state])).toEqual([
      ['e13', 1, 'pending'],
      ['e13', 0, 'pending'],
      ['e12', 1, 'pending'],
      ['e12', 0, 'pending'],
      ['e11', 1, 'delivered'],
      ['e11', 0, 'delivered'],
      ['e10', 1, 'delivered'],
    ]);
    expect((await repo.counts()).get(sub.id)).toEqual({ delivered: 3, pending: 4, failed: 0 });
    await repo.unsubscribe(sub.id);
  });

  // Issue 40's re-measure: one advance left 160,000 pending rows, and each delivery's lease renewal
  // and each look for work read all of a queue (about 7 deliveries a second under load).
  it("renews and gives back the leases of a batch by its ids; heads are each queue's oldest pending row", async () => {
    const repo = new OutboxRepo(suite.db);
    const subscribe = (deliverTwice: boolean) =>
      repo.subscribe({
        url: 'http://127.0.0.1:9/x',
        token: 't',
        environment: 'sandbox',
        deliverTwice,
        outOfOrder: false,
      });
    const one = await subscribe(false);
    const two = await subscribe(true);
    expect(await repo.rowsPerEvent('sandbox')).toBe(3);
    expect(await repo.rowsPerEvent('production')).toBe(0);
    await repo.enqueue([event(20), event(21), event(22)], 0);
    const batch = await repo.claim(one.id, 'A', 0, 100, 2);
    const other = await repo.claim(two.id, 'A', 0, 100, 10);
    await repo.deliveredOne(batch[0]!.id, [batch[0]!.id, batch[1]!.id], 'A', 200, 5, 500);
    const leases = async (id: string) =>
      (await repo.deliveries(id, 10)).map((d) => [
        d.event_id,
        d.copy,
        d.state,
        d.lease_until === null ? null : Number(d.lease_until),
      ]);
    expect(await leases(one.id)).toEqual([
      ['e22', 0, 'pending', null],
      ['e21', 0, 'pending', 500],
      ['e20', 0, 'delivered', null],
    ]);
    // The other batch of the same owner keeps its own lease.
    expect((await leases(two.id)).map((l) => l[3])).toEqual([100, 100, 100, 100, 100, 100]);
    expect(await repo.heads()).toEqual(
      expect.arrayContaining([
        { subscriptionId: one.id, nextAttemptAt: 0, leaseUntil: 500 },
        { subscriptionId: two.id, nextAttemptAt: 0, leaseUntil: 100 },
      ]),
    );
    expect(await repo.pendingCount()).toBe(8);
    await repo.release(
      batch.map((r) => r.id),
      'A',
    );
    expect((await leases(one.id)).map((l) => l[3])).toEqual([null, null, null]);
    expect((await leases(two.id)).map((l) => l[3])).toEqual([100, 100, 100, 100, 100, 100]);
    await repo.release(
      other.map((r) => r.id),
      'A',
    );
    await repo.unsubscribe(one.id);
    await repo.unsubscribe(two.id);
  });
});
