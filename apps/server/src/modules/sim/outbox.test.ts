import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkWebhookSignature, generateSecurityToken } from '@lab/core/webhooks';
import { SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import { servicesOf } from '../../app.js';
import type { LabServices } from '../../module.js';
import { buildTestApp, type TestApp, describePostgres } from '../../test/helpers.js';
import { closedPort, listenLoopback } from '../../test/http.js';
import { twoInstancesOnPostgres } from '../../test/suiteFixtures.js';
import { signatureCheck, storedWebhooks, webhooksArrive } from './testInspector.js';

type SimWebhookEvent = Parameters<LabServices['webhookSender']['enqueue']>[0][number];

interface Received {
  path: string;
  signature: string | undefined;
  body: string;
  eventId: string;
}

/** A subscriber on 127.0.0.1: records each delivery and answers `status(delivery)` (200 by default). */
async function receiver() {
  const received: Received[] = [];
  let status: (r: Received, index: number) => number = () => 200;
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        path: req.url ?? '',
        signature: req.headers['x-fedex-signature'] as string | undefined,
        body,
        eventId: (JSON.parse(body) as { eventId: string }).eventId,
      };
      received.push(r);
      res.statusCode = status(r, received.length - 1);
      res.end(res.statusCode < 300 ? 'ok' : 'no');
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook?x=1`,
    received,
    answer: (fn: (r: Received, index: number) => number) => {
      status = fn;
    },
    /** Resolves when `n` deliveries have arrived in all. */
    count: (n: number) =>
      received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    reset: () => {
      received.length = 0;
      status = () => 200;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let seq = 0;
/** Events with a small JSON body naming the event (the carrier's payload is carrier-sim's business). */
function events(n: number, environment: SimEnvironmentName = 'sandbox', tracking = '794953535000'): SimWebhookEvent[] {
  return Array.from({ length: n }, () => {
    const eventId = `e${++seq}`;
    return {
      environment,
      eventId,
      trackingNumber: tracking,
      eventType: 'IT',
      occurredAt: Date.UTC(2026, 10, 24, 12, 0, 0) + seq * 60_000,
      body: JSON.stringify({ eventId, trackingNumber: tracking }),
    };
  });
}

/** The event ids of a batch, all in order, or those at `indices` (repeats and order as given). */
const idsOf = (batch: SimWebhookEvent[], ...indices: number[]) =>
  (indices.length > 0 ? indices.map((i) => batch[i]!) : batch).map((e) => e.eventId);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('webhook subscriptions (/lab/api/simulator/subscriptions)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('subscribe (201), list, update and unsubscribe, never answering the token', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: 'http://127.0.0.1:9/hook', token: 'sekret-token' },
    });
    expect(created.statusCode).toBe(201);
    const sub = created.json();
    expect(sub).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'http://127.0.0.1:9/hook',
      environment: 'sandbox',
      deliverTwice: false,
      outOfOrder: false,
      source: 'api',
      createdAt: expect.stringMatching(ISO),
      delivered: 0,
      pending: 0,
      failed: 0,
      lastError: null,
    });
    expect(created.body).not.toContain('sekret-token');
    const list = await t.app.inject({ url: '/lab/api/simulator/subscriptions' });
    expect(list.json()).toEqual({ subscriptions: [sub] });
    expect(list.body).not.toContain('sekret-token');

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/lab/api/simulator/subscriptions/${sub.id}`,
      payload: { deliverTwice: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...sub, deliverTwice: true });
    const both = await t.app.inject({
      method: 'PATCH',
      url: `/lab/api/simulator/subscriptions/${sub.id}`,
      payload: { deliverTwice: false, outOfOrder: true },
    });
    expect(both.json()).toEqual({ ...sub, outOfOrder: true });

    const deliveries = await t.app.inject({ url: `/lab/api/simulator/subscriptions/${sub.id}/deliveries` });
    expect(deliveries.json()).toEqual({ deliveries: [] });

    const removed = await t.app.inject({ method: 'DELETE', url: `/lab/api/simulator/subscriptions/${sub.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: sub.id });
    expect((await t.app.inject({ url: '/lab/api/simulator/subscriptions' })).json()).toEqual({ subscriptions: [] });
    for (const [method, url] of [
      ['DELETE', `/lab/api/simulator/subscriptions/${sub.id}`],
      ['PATCH', `/lab/api/simulator/subscriptions/${sub.id}`],
      ['GET', `/lab/api/simulator/subscriptions/${sub.id}/deliveries`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'PATCH' ? { payload: { outOfOrder: false } } : {}),
      });
      expect({ method, status: res.statusCode, body: res.json() }).toEqual({
        method,
        status: 404,
        body: { message: `no webhook subscription ${sub.id}` },
      });
    }
  });

  it('refuses a bad subscription with a message', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'ftp://x/y', token: 't' }, 'body.url: the url must be an http(s) URL'],
      [
        { url: 'http://169.254.169.254/latest/meta-data', token: 't' },
        'body.url: 169.254.169.254 is a link-local address (cloud metadata lives there)',
      ],
      [
        { url: 'http://me:secret@127.0.0.1:8080/hook', token: 't' },
        'body.url: the url must not hold credentials (user:password@): the receiver checks the signature made with the token',
      ],
      [{ url: 'http://127.0.0.1:9/hook', token: '' }, 'body.token: the security token is required'],
      [{ url: 'http://127.0.0.1:9/a\u0000b', token: 't' }, 'body.url: the url must be an http(s) URL'],
      [
        { url: 'http://127.0.0.1:9/hook', token: 'a\u0000b' },
        'body.token: the security token must not hold control characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/lab/api/simulator/subscriptions',
        payload: payload as object,
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    }
    const env = await t.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: 'http://127.0.0.1:9/hook', token: 't', environment: 'staging' },
    });
    expect(env.statusCode).toBe(400);
    expect(env.json().message).toMatch(/^body\.environment: /);
    const flag = await t.app.inject({
      method: 'PATCH',
      url: '/lab/api/simulator/subscriptions/whatever',
      payload: { deliverTwice: 'yes' },
    });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().message).toMatch(/^body\.deliverTwice: /);
  });

  it('SIM_WEBHOOK_URL and SIM_WEBHOOK_TOKEN are the `settings` subscription, which cannot be removed', async () => {
    t.config.simWebhookUrl = 'http://127.0.0.1:9/lab/hooks/fdx/settings';
    t.config.simWebhookToken = 'settings-token';
    try {
      const list = await t.app.inject({ url: '/lab/api/simulator/subscriptions' });
      expect(list.json().subscriptions).toEqual([
        {
          id: 'settings',
          url: 'http://127.0.0.1:9/lab/hooks/fdx/settings',
          environment: 'sandbox',
          deliverTwice: false,
          outOfOrder: false,
          source: 'settings',
          createdAt: expect.stringMatching(ISO),
          delivered: 0,
          pending: 0,
          failed: 0,
          lastError: null,
        },
      ]);
      expect(list.body).not.toContain('settings-token');
      const refused = await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/subscriptions/settings' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'the settings subscription comes from SIM_WEBHOOK_URL and SIM_WEBHOOK_TOKEN: unset them to remove it',
      });
    } finally {
      t.config.simWebhookUrl = undefined;
      t.config.simWebhookToken = undefined;
    }
    expect((await t.app.inject({ url: '/lab/api/simulator/subscriptions' })).json()).toEqual({ subscriptions: [] });
  });
});

describe('webhook delivery to a subscriber', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof receiver>>;
  let sender: LabServices['webhookSender'];
  const token = generateSecurityToken();

  beforeAll(async () => {
    sink = await receiver();
    t = await buildTestApp('sqlite', { simWebhookRetryMs: 1, simWebhookMaxAttempts: 3 });
    sender = servicesOf(t.app).webhookSender;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    sink.reset();
    const { subscriptions } = (await t.app.inject({ url: '/lab/api/simulator/subscriptions' })).json();
    for (const s of subscriptions as { id: string }[]) {
      await t.app.inject({ method: 'DELETE', url: `/lab/api/simulator/subscriptions/${s.id}` });
    }
  });

  const subscribe = async (extra: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/lab/api/simulator/subscriptions',
        payload: { url: sink.url, token, ...extra },
      })
    ).json() as { id: string };
  /** Queues each batch in turn, then waits for `arrivals` deliveries and a settled sender: the event ids as they arrived. */
  async function deliver(arrivals: number, ...batches: SimWebhookEvent[][]): Promise<string[]> {
    for (const batch of batches) await sender.enqueue(batch);
    await sink.count(arrivals);
    await sender.idle();
    return sink.received.map((r) => r.eventId);
  }
  const deliveries = async (id: string) =>
    (await t.app.inject({ url: `/lab/api/simulator/subscriptions/${id}/deliveries?limit=500` })).json()
      .deliveries as Record<string, unknown>[];
  const subscription = async (id: string) =>
    ((await t.app.inject({ url: '/lab/api/simulator/subscriptions' })).json().subscriptions as { id: string }[]).find(
      (s) => s.id === id,
    ) as Record<string, unknown>;

  it('delivers every event in order, signed with the token, and counts it', async () => {
    const sub = await subscribe();
    const published: unknown[] = [];
    const off = t.app.bus.subscribe(SIMULATOR_TOPICS.deliveries, (d) => published.push(d));
    const batch = events(20);
    // Another environment's events do not reach a sandbox subscription.
    const arrived = await deliver(20, [...batch, ...events(2, 'production')]);
    off();
    expect(arrived).toEqual(idsOf(batch));
    for (const r of sink.received) {
      expect(r.path).toBe('/hook?x=1');
      expect((await checkWebhookSignature(Buffer.from(r.body), token, r.signature)).status).toBe('match');
    }
    expect(
      (await checkWebhookSignature(Buffer.from(sink.received[0]!.body), 'other', sink.received[0]!.signature)).status,
    ).toBe('mismatch');
    expect(published).toContainEqual({ subscriptionId: sub.id });
    const rows = await deliveries(sub.id);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      eventId: batch[19]!.eventId,
      trackingNumber: '794953535000',
      eventType: 'IT',
      occurredAt: new Date(batch[19]!.occurredAt).toISOString(),
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.stringMatching(ISO),
    });
    expect(await subscription(sub.id)).toMatchObject({ delivered: 20, pending: 0, failed: 0, lastError: null });
    const limited = await t.app.inject({ url: `/lab/api/simulator/subscriptions/${sub.id}/deliveries?limit=2` });
    expect(limited.json().deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([
      batch[19]!.eventId,
      batch[18]!.eventId,
    ]);
    const bad = await t.app.inject({ url: `/lab/api/simulator/subscriptions/${sub.id}/deliveries?limit=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.limit: /);
  });

  it('is idempotent: a batch queued twice is delivered once', async () => {
    const sub = await subscribe();
    const batch = events(5);
    await Promise.all([sender.enqueue(batch), sender.enqueue(batch)]);
    expect(await deliver(5, batch)).toEqual(idsOf(batch));
    expect(await subscription(sub.id)).toMatchObject({ delivered: 5, pending: 0 });
  });

  it('retries a failing delivery with backoff, holding the later ones back (in order)', async () => {
    const sub = await subscribe();
    const batch = events(3);
    sink.answer((_r, i) => (i < 2 ? 500 : 200));
    expect(await deliver(5, batch)).toEqual(idsOf(batch, 0, 0, 0, 1, 2));
    const rows = await deliveries(sub.id);
    expect(rows.at(-1)).toMatchObject({
      eventId: batch[0]!.eventId,
      state: 'delivered',
      attempts: 3,
      lastStatus: 200,
      lastError: 'answered 500',
    });
    expect(await subscription(sub.id)).toMatchObject({ delivered: 3, pending: 0, failed: 0, lastError: null });
  });

  it('marks a delivery failed after SIM_WEBHOOK_MAX_ATTEMPTS, then the next one goes', async () => {
    const sub = await subscribe();
    const batch = events(2);
    sink.answer((r) => (r.eventId === batch[0]!.eventId ? 503 : 200));
    expect(await deliver(4, batch)).toEqual(idsOf(batch, 0, 0, 0, 1));
    const rows = await deliveries(sub.id);
    expect(rows.map((d) => [d.eventId, d.state, d.attempts, d.lastStatus, d.lastError, d.nextAttemptAt])).toEqual([
      [batch[1]!.eventId, 'delivered', 1, 200, null, null],
      [batch[0]!.eventId, 'failed', 3, 503, 'answered 503', null],
    ]);
    expect(await subscription(sub.id)).toMatchObject({
      delivered: 1,
      pending: 0,
      failed: 1,
      lastError: 'answered 503',
    });
  });

  it('deliverTwice: each event twice, same body and signature', async () => {
    await subscribe({ deliverTwice: true });
    const batch = events(3);
    expect(await deliver(6, batch)).toEqual(idsOf(batch, 0, 0, 1, 1, 2, 2));
    for (let i = 0; i < 6; i += 2) {
      expect(sink.received[i + 1]!.body).toBe(sink.received[i]!.body);
      expect(sink.received[i + 1]!.signature).toBe(sink.received[i]!.signature);
    }
  });

  it('outOfOrder: each batch in reverse order', async () => {
    await subscribe({ outOfOrder: true });
    const first = events(3);
    const second = events(2);
    expect(await deliver(5, first, second)).toEqual([...idsOf(first, 2, 1, 0), ...idsOf(second, 1, 0)]);
  });

  it('an unreachable subscriber: the delivery error says so without telling what listens there (issue 40)', async () => {
    const port = await closedPort();
    const created = await t.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: `http://127.0.0.1:${port}/nothing`, token },
    });
    const sub = created.json() as { id: string };
    let settled!: () => void;
    const failed = new Promise<void>((resolve) => (settled = resolve));
    const off = t.app.bus.subscribe(SIMULATOR_TOPICS.deliveries, async () => {
      if ((await subscription(sub.id))?.failed === 1) settled();
    });
    await sender.enqueue(events(1));
    await failed;
    off();
    await sender.idle();
    const [row] = await deliveries(sub.id);
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastStatus: null,
      lastError: `upstream webhook subscriber (http://127.0.0.1:${port}) is unreachable: no HTTP answer`,
    });
  });

  // Issue 40 item 7: rows were marked delivered only at the end of a batch of 100, so a crash repeated them all.
  it('marks each delivery delivered as it is delivered, while the rest of the batch is still going', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let third!: () => void;
    const thirdArrived = new Promise<void>((resolve) => (third = resolve));
    let n = 0;
    const slow = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        n += 1;
        if (n === 3) {
          third();
          void held.then(() => res.end('ok'));
        } else res.end('ok');
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const sub = await subscribe({ url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook` });
      await sender.enqueue(events(5));
      await thirdArrived;
      // The third call is in flight: the first two are already delivered in the database.
      expect((await deliveries(sub.id)).map((d) => d.state).reverse()).toEqual([
        'delivered',
        'delivered',
        'pending',
        'pending',
        'pending',
      ]);
      release();
      await sender.idle();
      expect((await deliveries(sub.id)).map((d) => d.state)).toEqual(Array(5).fill('delivered'));
    } finally {
      release();
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  // Issue 40 item 1: the resolved address is checked at each delivery, not only the URL at registration.
  it('refuses a delivery whose name resolves outside SIM_WEBHOOK_ALLOWED_NETWORKS at the time it is sent', async () => {
    const sub = await subscribe({ url: sink.url.replace('127.0.0.1', 'localhost') });
    expect(sub.id).toEqual(expect.any(String));
    t.config.simWebhookAllowedNetworks = '10.0.0.0/8';
    try {
      await sender.enqueue(events(1));
      await sender.idle();
      await sender.idle();
      const rows = await deliveries(sub.id);
      expect(sink.received).toEqual([]);
      expect(rows[0]!.lastError).toMatch(
        /^upstream webhook subscriber \(http:\/\/localhost:\d+\) is refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address outside SIM_WEBHOOK_ALLOWED_NETWORKS$/,
      );
    } finally {
      t.config.simWebhookAllowedNetworks = '127.0.0.0/8,::1/128';
    }
  });

  // Issue 40 item 2: subscriptions per environment and the pending outbox are bounded.
  it('refuses a subscription past SIM_WEBHOOK_MAX_SUBSCRIPTIONS, and a clock move while too many deliveries are pending', async () => {
    t.config.simWebhookMaxSubscriptions = 2;
    t.config.simWebhookMaxPending = 3;
    try {
      await subscribe();
      await subscribe({ deliverTwice: true });
      const third = await t.app.inject({
        method: 'POST',
        url: '/lab/api/simulator/subscriptions',
        payload: { url: sink.url, token },
      });
      expect({ status: third.statusCode, body: third.json() }).toEqual({
        status: 409,
        body: {
          message:
            'the sandbox environment has 2 webhook subscriptions, the most SIM_WEBHOOK_MAX_SUBSCRIPTIONS allows: remove one first',
        },
      });
      const other = await t.app.inject({
        method: 'POST',
        url: '/lab/api/simulator/subscriptions',
        payload: { url: sink.url, token, environment: 'production' },
      });
      expect(other.statusCode).toBe(201);
      sink.answer(() => 503); // nothing gets delivered: 1 event × 3 copies stay pending
      await sender.enqueue(events(1));
      const move = await t.app.inject({
        method: 'POST',
        url: '/lab/api/simulator/clock',
        payload: { advance: 'PT1H' },
      });
      expect({ status: move.statusCode, body: move.json() }).toEqual({
        status: 409,
        body: {
          message:
            '3 webhook deliveries are still pending, at least SIM_WEBHOOK_MAX_PENDING (3): let them be delivered, or remove subscriptions, before moving the clock again',
        },
      });
    } finally {
      t.config.simWebhookMaxSubscriptions = 20;
      t.config.simWebhookMaxPending = 50_000;
    }
  });
});

describe("delivery to this site's own webhook inspector", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    base = await listenLoopback(t.app);
  });
  afterAll(() => t?.close());

  it('shipped(): the five scan events arrive in order at /lab/hooks/fdx/<channel>, signature matching', async () => {
    const token = generateSecurityToken();
    const created = await t.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: `${base}/lab/hooks/fdx/simsub`, token },
    });
    expect(created.statusCode).toBe(201);
    const all = webhooksArrive(t.app, 'simsub', 5);
    const sender = servicesOf(t.app).webhookSender;
    sender.shipped(['794953535000']);
    await all;
    await sender.idle();
    const stored = (await storedWebhooks(t.app, 'simsub')).reverse();
    expect(stored.map((w) => JSON.parse(w.body).outputMetaData[0].eventType)).toEqual(['OC', 'PU', 'IT', 'OD', 'DL']);
    for (const w of stored) expect(await signatureCheck(w, token)).toBe('match');
    const id = (created.json() as { id: string }).id;
    const rows = (await t.app.inject({ url: `/lab/api/simulator/subscriptions/${id}/deliveries` })).json().deliveries;
    expect(rows.map((d: { eventId: string; state: string }) => `${d.eventId} ${d.state}`)).toEqual(
      ['DL', 'OD', 'IT', 'PU', 'OC'].map((c) => `shipped:794953535000:${c} delivered`),
    );
  });
});

describePostgres('webhook delivery, two instances on one PostgreSQL database', () => {
  const apps = twoInstancesOnPostgres();
  let sink: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    sink = await receiver();
  });
  afterAll(() => sink?.close());

  it('share subscriptions, and deliver each queued event exactly once, in order, when both race', async () => {
    const { a, b } = apps;
    const token = generateSecurityToken();
    const created = await a.app.inject({
      method: 'POST',
      url: '/lab/api/simulator/subscriptions',
      payload: { url: sink.url, token },
    });
    const sub = created.json() as { id: string };
    const listB = (await b.app.inject({ url: '/lab/api/simulator/subscriptions' })).json();
    expect(listB.subscriptions.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    const senderA = servicesOf(a.app).webhookSender;
    const senderB = servicesOf(b.app).webhookSender;
    const batches = [events(150), events(150), events(150)];
    // Both instances queue every batch (as two instances releasing the same due events would).
    for (const batch of batches) await Promise.all([senderA.enqueue(batch), senderB.enqueue(batch)]);
    await sink.count(450);
    await Promise.all([senderA.idle(), senderB.idle()]);
    await Promise.all([senderA.idle(), senderB.idle()]);
    expect(sink.received.map((r) => r.eventId)).toEqual(batches.flat().map((e) => e.eventId));
    const sample = sink.received[0]!;
    expect((await checkWebhookSignature(Buffer.from(sample.body), token, sample.signature)).status).toBe('match');
    const fromB = (await b.app.inject({ url: '/lab/api/simulator/subscriptions' })).json().subscriptions[0];
    expect(fromB).toMatchObject({ delivered: 450, pending: 0, failed: 0 });
  });
});
