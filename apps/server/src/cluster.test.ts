/**
 * The cluster test (issue 41): nginx (deploy/nginx-shipping-lab.conf, TLS) round-robin over two
 * instances of the built server started as deploy/shipping-lab@.service starts them, on one
 * PostgreSQL database (scripts/cluster.mjs). Runs when TEST_DATABASE_URL is set and nginx is
 * installed (CI has both: .ci/run); otherwise skipped, saying why. Waits on events and conditions only.
 */
import { describe, expect, it } from 'vitest';
import { Agent, setGlobalDispatcher } from 'undici';
import { defaultSample } from '@lab/core/carrier';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { checkWebhookSignature, generateSecurityToken, webhookTopic } from '@lab/core/webhooks';
import { freshDatabaseConfig } from './test/helpers.js';
import { openSse, type SseReader } from './test/sseReader.js';
import { stratusSample } from './test/stratusSample.js';
// @ts-expect-error -- a plain ES module script of the repo (no types): scripts/cluster.mjs
import { nginxBinary, startCluster } from '../../../scripts/cluster.mjs';

type Json = Record<string, any>;

const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (no PostgreSQL)'
  : !nginxBinary()
    ? 'nginx is not installed (apt-get install nginx)'
    : undefined;
if (skipReason) console.warn(`cluster test SKIPPED: ${skipReason}`);

const CHANNEL = 'cluster';
/** The twin's domestic plan: eight scans per package (docs/modules/carrier.md, Lifecycles). */
const SCANS = 8;

describe.skipIf(skipReason !== undefined)('a team deployment: nginx over two instances on one PostgreSQL', () => {
  it('serves the playground loop, Stratus, the traffic log and the print relay across instances, and survives losing them', async () => {
    const fresh = await freshDatabaseConfig('postgres');
    const schema = fresh.config.dialect === 'postgres' ? fresh.config.schema : '';
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const webhookToken = generateSecurityToken();
    const cluster = await startCluster({
      env: (base: string) => ({
        DATABASE_URL: url.toString(),
        SIM_WEBHOOK_URL: `${base}/lab/hooks/fdx/${CHANNEL}`,
        SIM_WEBHOOK_TOKEN: webhookToken,
        SIM_WEBHOOK_RETRY_MS: '50',
      }),
    });
    setGlobalDispatcher(new Agent({ connect: { ca: cluster.ca } }));
    const base: string = cluster.base;
    const began = Date.now();
    const step = (name: string) => console.log(`cluster test: ${name} (${Date.now() - began} ms)`);
    step('started');
    const streams: SseReader[] = [];
    try {
      const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        });
        const text = await res.text();
        return { status: res.status, text, json: () => JSON.parse(text) as Json };
      };
      const stream = async () => {
        const s = await openSse(`${base}/lab/api/realtime?topics=${webhookTopic(CHANNEL)},${SIMULATOR_TOPICS.traffic}`);
        streams.push(s);
        return s;
      };
      const webhooksOn = (s: SseReader) => s.events.filter((e) => e.topic === webhookTopic(CHANNEL)).length;
      const trafficOn = (s: SseReader) => s.events.filter((e) => e.topic === SIMULATOR_TOPICS.traffic).length;
      let live = await stream();

      // The playground's loop through the gateway, alternating instances (round-robin).
      const tokenRes = await call(
        'POST',
        '/lab/api/carrier/sandbox/oauth/token',
        'grant_type=client_credentials&client_id=team&client_secret=team-secret',
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      expect(tokenRes.status, tokenRes.text).toBe(200);
      const carrier = { 'x-upstream-authorization': `Bearer ${tokenRes.json().access_token}` };
      // Dated for the twin's today, as the playground dates it: the clock moves on below (advances).
      const ship = async () => {
        const clock = await call('GET', '/lab/api/simulator/clock?environment=sandbox');
        expect(clock.status, clock.text).toBe(200);
        const sample = defaultSample('ship-create', (clock.json().now as string).slice(0, 10)) as Json;
        sample.labelResponseOptions = 'LABEL';
        sample.requestedShipment.labelSpecification.imageType = 'ZPLII';
        const res = await call('POST', '/lab/api/carrier/sandbox/ship/v1/shipments', sample, carrier);
        if (res.status !== 200) return { status: res.status, numbers: [] as string[] };
        const pieces = res.json().output.transactionShipments[0].pieceResponses as Json[];
        for (const p of pieces) expect(p.packageDocuments[0].encodedLabel.length).toBeGreaterThan(100);
        return { status: 200, numbers: pieces.map((p) => p.trackingNumber as string) };
      };
      const track = async (n: string) => {
        const res = await call(
          'POST',
          '/lab/api/carrier/sandbox/track/v1/trackingnumbers',
          { includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: n } }] },
          carrier,
        );
        expect(res.status, res.text).toBe(200);
        return res.json().output.completeTrackResults[0].trackResults[0] as Json;
      };
      let calls = 1;
      const first = await ship();
      calls++;
      expect(first.status).toBe(200);
      for (const n of first.numbers) {
        expect((await track(n)).trackingNumberInfo.trackingNumber).toBe(n);
        calls++;
      }
      step('advance clock');
      const advance = await call('POST', '/lab/api/simulator/clock', { advance: 'P30D' });
      expect(advance.status, advance.text).toBe(200);
      const expected = first.numbers.length * SCANS;
      await live.until(() => webhooksOn(live) >= expected);
      expect(webhooksOn(live)).toBe(expected);
      const listed = (await call('GET', `/lab/api/webhooks/${CHANNEL}?size=100`)).json().items as Json[];
      expect(listed).toHaveLength(expected);
      for (const item of listed.slice(0, 4)) {
        const detail = (await call('GET', `/lab/api/webhooks/${CHANNEL}/${item.id}`)).json();
        const bytes = Buffer.from(detail.bodyBase64, 'base64');
        expect((await checkWebhookSignature(bytes, webhookToken, detail.headers['x-fedex-signature'])).status).toBe(
          'match',
        );
      }

      step('stratus');
      // A Stratus order, its token and polls landing on both instances.
      const basic = `Basic ${Buffer.from('team-key:team-secret').toString('base64')}`;
      const stratusToken = await call(
        'POST',
        '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
        undefined,
        { 'x-upstream-authorization': basic },
      );
      expect(stratusToken.status, stratusToken.text).toBe(200);
      calls++;
      const stratus = { 'x-upstream-authorization': `Bearer ${stratusToken.json().access_token}`, 'x-api-key': 'k' };
      const tx = stratusSample('ZEBRA');
      const order = await call(
        'POST',
        '/lab/api/stratus/stratus/v1/order',
        { ProjetId: crypto.randomUUID(), Transaction: tx },
        stratus,
      );
      expect(order.status, order.text).toBe(200);
      calls++;
      let state = 'PENDING';
      for (let poll = 0; poll < 20 && state === 'PENDING'; poll++) {
        const polled = await call('GET', `/lab/api/stratus/stratus/v1/order/${order.json().Id}`, undefined, stratus);
        expect(polled.status, polled.text).toBe(200);
        state = polled.json().State;
        calls++;
      }
      expect(state).not.toBe('PENDING');

      step('traffic');
      // The traffic log shows every simulator call, whichever instance served it.
      await live.until(() => trafficOn(live) >= calls);
      const traffic = (await call('GET', '/lab/api/simulator/traffic?limit=100')).json();
      expect(traffic.total).toBe(calls);
      // Both instances served calls: each logged some of them.
      for (const s of cluster.servers) expect(s.output).toContain('/lab/api/carrier/sandbox');

      step('print relay');
      // A remote print job relayed: the receiver's stream on one instance, the job posted through another.
      const listenId = (await call('POST', '/lab/api/print-relay/listen-ids')).json().listenId as string;
      const receiver = await openSse(`${base}/lab/api/print-relay/${listenId}/receive?nodeId=PRINTER_X9Z`);
      streams.push(receiver);
      await receiver.next((e) => e.data.type === 'ready', 30_000);
      const zpl = '^XA^FO50,50^A0N,40,40^FDCluster^FS^XZ';
      const sent: string[] = [];
      for (let i = 0; i < 2; i++) {
        const job = await call('POST', `/lab/api/print-relay/${listenId}/jobs`, {
          nodeId: 'REMOTE_AB1',
          printData: zpl,
        });
        expect(job.status, job.text).toBe(200);
        sent.push(job.json().taskId as string);
      }
      for (const taskId of sent) await receiver.next((e) => e.data.type === 'job' && e.data.taskId === taskId, 30_000);
      receiver.close();

      step('sigterm');
      // SIGTERM instance 0 with creates in flight, a browser's stream open on each instance, a print
      // receiver streaming from it and webhooks just released by a clock advance.
      const instanceOf = (sse: SseReader) => sse.headers.get('x-lab-instance');
      const [addrA, addrB] = cluster.servers.map((s: { port: number }) => `127.0.0.1:${s.port}`);
      const onEach: Record<string, SseReader> = {};
      while (!onEach[addrA] || !onEach[addrB]) {
        const sse = await stream();
        onEach[instanceOf(sse)!] ??= sse;
      }
      step('streams on both');
      /** A print receiver whose stream (through nginx) landed on `addr`; the others are closed. */
      const receiverOn = async (addr: string) => {
        for (;;) {
          const r = await openSse(`${base}/lab/api/print-relay/${listenId}/receive?nodeId=PRINTER_X9Z`);
          streams.push(r);
          if (instanceOf(r) === addr) return r;
          r.close();
        }
      };
      /** A receiver reconnecting through nginx (EventSource does): it lands on the survivor. */
      const reconnect = async () => {
        const r = await openSse(`${base}/lab/api/print-relay/${listenId}/receive?nodeId=PRINTER_X9Z`);
        streams.push(r);
        expect(instanceOf(r)).toBe(addrB);
        return r;
      };
      const printJob = async (label: string) => {
        const job = await call('POST', `/lab/api/print-relay/${listenId}/jobs`, {
          nodeId: 'REMOTE_AB1',
          printData: zpl.replace('Cluster', label),
        });
        expect(job.status, job.text).toBe(200);
        return job.json().taskId as string;
      };
      const jobsOn = (rs: SseReader[]) =>
        new Set(rs.flatMap((r) => r.events.filter((e) => e.data.type === 'job').map((e) => e.data.taskId as string)));
      /** Each job reached the receiver: on the stream that died with its instance or on the one after. */
      const relayed = async (taskIds: string[], before: SseReader, after: SseReader) => {
        await after.next((e) => e.data.type === 'ready', 30_000);
        const got = jobsOn([before]);
        for (const id of taskIds) {
          if (got.has(id)) continue;
          await after
            .next((e) => e.data.type === 'job' && e.data.taskId === id, 30_000)
            .catch(async (err) => {
              const jobs = (await call('GET', `/lab/api/print-relay/${listenId}/jobs`)).text;
              const seen = (r: SseReader) => JSON.stringify(r.events.map((e) => [e.data.type, e.data.taskId]));
              throw new Error(
                `job ${id} of ${taskIds.join()} not relayed: before ${seen(before)}, after ${seen(after)}, ${jobs}`,
                {
                  cause: err,
                },
              );
            });
        }
      };
      const shipped = [...first.numbers];
      const pre = await ship();
      expect(pre.status).toBe(200);
      shipped.push(...pre.numbers);
      const receiverA = await receiverOn(addrA);
      await receiverA.next((e) => e.data.type === 'ready', 30_000);
      // Released before the SIGTERM: the pre shipment's webhooks are in the outbox when this answers.
      const releasing = await call('POST', '/lab/api/simulator/clock', { advance: 'P30D' });
      expect(releasing.status, releasing.text).toBe(200);
      const printedBefore = [await printJob('BeforeTerm')];
      const burst = Array.from({ length: 6 }, () => ship());
      const aroundTerm = printJob('AroundTerm');
      const stopped = cluster.signal(0, 'SIGTERM');
      const results = await Promise.all(burst);
      printedBefore.push(await aroundTerm);
      expect((await stopped).code).toBe(0);
      const acknowledged = results.filter((r) => r.status === 200).flatMap((r) => r.numbers);
      expect(acknowledged.length).toBeGreaterThan(0);
      shipped.push(...acknowledged);
      // The stream on the stopped instance was ended (EventSource reconnects); a new one lands on the survivor.
      step('burst done');
      await onEach[addrA]!.ended;
      await receiverA.ended;
      step('stream ended');
      expect(instanceOf(await stream())).toBe(addrB);
      live = onEach[addrB]!;
      for (const n of acknowledged) expect((await track(n)).trackingNumberInfo.trackingNumber).toBe(n);
      // Print jobs sent before and around the SIGTERM, and one after it, reach the receiver once it reconnects.
      printedBefore.push(await printJob('AfterTerm'));
      const receiverB = await reconnect();
      await relayed(printedBefore, receiverA, receiverB);
      // Gone before the kill, so what the killed instance's receiver misses can only come by its reconnection.
      receiverB.close();
      // The resumed stream carries the inspector's events live: a webhook posted now arrives on it.
      const posted = await call('POST', `/lab/hooks/fdx/${CHANNEL}`, {
        outputMetaData: [{ transactionId: 'after-sigterm', timestamp: '2026-11-22T01:02:03Z' }],
        output: {},
      });
      expect(posted.status, posted.text).toBe(200);
      await live.next((e) => e.topic === webhookTopic(CHANNEL) && e.data.transactionId === 'after-sigterm', 30_000);

      step('sigkill');
      // Its replacement starts, a receiver streams from it, the burst's webhooks are released, then it
      // is SIGKILLed mid-burst: the survivor serves every acknowledged shipment, delivers the webhooks
      // and relays the jobs.
      await cluster.start(0);
      const receiverA2 = await receiverOn(addrA);
      await receiverA2.next((e) => e.data.type === 'ready', 30_000);
      step('receiver on the replacement');
      const releasedAgain = await call('POST', '/lab/api/simulator/clock', { advance: 'P30D' });
      expect(releasedAgain.status, releasedAgain.text).toBe(200);
      const printedKill = [await printJob('BeforeKill')];
      const burst2 = Array.from({ length: 6 }, () => ship());
      const aroundKill = printJob('AroundKill');
      const killed = cluster.signal(0, 'SIGKILL');
      const results2 = await Promise.all(burst2);
      printedKill.push(await aroundKill);
      expect((await killed).signal).toBe('SIGKILL');
      const acknowledged2 = results2.filter((r) => r.status === 200).flatMap((r) => r.numbers);
      expect(acknowledged2.length).toBeGreaterThan(0);
      shipped.push(...acknowledged2);
      for (const n of acknowledged2) expect((await track(n)).trackingNumberInfo.trackingNumber).toBe(n);
      await receiverA2.ended;
      step('killed');
      // Sent while the killed instance's receiver is still counted (its lease runs on): relayed all the same.
      printedKill.push(await printJob('AfterKill'));
      await relayed(printedKill, receiverA2, await reconnect());
      step('relayed');
      // Print jobs acknowledged before the kills are still there.
      for (const taskId of [...sent, ...printedBefore, ...printedKill]) {
        expect((await call('GET', `/lab/api/print-relay/${listenId}/jobs/${taskId}`)).status).toBe(200);
      }

      step('webhooks');
      // Every due scan of every shipment the twin holds (the acknowledged ones among them, and any
      // whose answer was lost to a kill) arrives in the inspector, one webhook per scan and piece.
      // The channel also receives the Stratus order's shipment webhooks (the Stratus simulator's
      // `shipped`) and the one posted after the SIGTERM: each delivery is told apart by the tracking
      // number its body carries, not counted blind.
      const twin = (await call('GET', '/lab/api/simulator/shipments?limit=200')).json().shipments as Json[];
      const pieces = new Set(twin.flatMap((t) => t.pieces as string[]));
      for (const n of shipped) expect(pieces.has(n), n).toBe(true);
      const released = twin.reduce((sum, t) => sum + t.pieces.length * t.events.filter((e: Json) => e.due).length, 0);
      const trackingOf = new Map<number, string>(); // inspector row id → the tracking number its body names
      const inspected = async () => {
        const rows: Json[] = [];
        for (let page = 1; ; page++) {
          const res = (await call('GET', `/lab/api/webhooks/${CHANNEL}?size=100&page=${page}`)).json();
          rows.push(...(res.items as Json[]));
          if (rows.length >= res.total || res.items.length === 0) break;
        }
        for (const row of rows) {
          if (trackingOf.has(row.id)) continue;
          const detail = (await call('GET', `/lab/api/webhooks/${CHANNEL}/${row.id}`)).json();
          const body = JSON.parse(Buffer.from(detail.bodyBase64, 'base64').toString('utf8')) as Json;
          trackingOf.set(row.id, String(body.output?.completeTrackResults?.[0]?.trackingNumber ?? ''));
        }
        const twinIds = rows.filter((r) => pieces.has(trackingOf.get(r.id)!)).map((r) => r.transactionId as string);
        const posted = rows.filter((r) => r.transactionId === 'after-sigterm').length;
        return { twinIds, posted, others: rows.length - twinIds.length - posted };
      };
      let seen = await inspected();
      while (new Set(seen.twinIds).size < released) {
        // A delivery the killed instance had leased is taken over when its 20 s lease runs out.
        await live.next((e) => e.topic === webhookTopic(CHANNEL), 40_000);
        seen = await inspected();
        step(`webhooks ${new Set(seen.twinIds).size}/${released}`);
      }
      const distinct = new Set(seen.twinIds).size;
      const duplicates = seen.twinIds.length - distinct;
      console.log(
        `cluster kills: webhooks released ${released}, arrived ${distinct}, duplicated ${duplicates} ` +
          `(+${seen.posted} posted, +${seen.others} of the Stratus order); ` +
          `print jobs relayed ${printedBefore.length + printedKill.length}/${printedBefore.length + printedKill.length}; ` +
          `shipments trackable ${shipped.length}`,
      );
      // Exactly the due scans: none missing (the loop), none the twin did not release.
      expect(distinct).toBe(released);
      expect(seen.posted).toBe(1);
      // At least once: only the delivery in flight when an instance was SIGKILLed may come twice.
      expect(duplicates).toBeLessThanOrEqual(1);
    } finally {
      for (const s of streams) s.close();
      await cluster.stop();
      await fresh.drop();
    }
    // Budget for its own work (docs/ARCHITECTURE.md, Tests): three server starts on PostgreSQL,
    // nginx, two clock advances of 8 webhooks per package, bursts across a SIGTERM and a SIGKILL.
  }, 180_000);
});
