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
    const step = (name: string) => console.log(`cluster test: ${name}`);
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
      const ship = async () => {
        const sample = structuredClone(defaultSample('ship-create')) as Json;
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
      const sent = [];
      for (let i = 0; i < 2; i++) {
        const job = await call('POST', `/lab/api/print-relay/${listenId}/jobs`, {
          nodeId: 'REMOTE_AB1',
          printData: zpl,
        });
        expect(job.status, job.text).toBe(200);
        sent.push(job.json().taskId as string);
      }
      for (const taskId of sent) await receiver.next((e) => e.data.type === 'job' && e.data.taskId === taskId, 30_000);

      step('sigterm');
      // SIGTERM instance 0 with creates in flight, a browser's stream open on each instance.
      const instanceOf = (sse: SseReader) => sse.headers.get('x-lab-instance');
      const [addrA, addrB] = cluster.servers.map((s: { port: number }) => `127.0.0.1:${s.port}`);
      const onEach: Record<string, SseReader> = {};
      while (!onEach[addrA] || !onEach[addrB]) {
        const sse = await stream();
        onEach[instanceOf(sse)!] ??= sse;
      }
      step('streams on both');
      const burst = Array.from({ length: 6 }, () => ship());
      const stopped = cluster.signal(0, 'SIGTERM');
      const results = await Promise.all(burst);
      expect((await stopped).code).toBe(0);
      const acknowledged = results.filter((r) => r.status === 200).flatMap((r) => r.numbers);
      expect(acknowledged.length).toBeGreaterThan(0);
      // The stream on the stopped instance was ended (EventSource reconnects); a new one lands on the survivor.
      step('burst done');
      await onEach[addrA]!.ended;
      step('stream ended');
      expect(instanceOf(await stream())).toBe(addrB);
      live = onEach[addrB]!;
      for (const n of acknowledged) expect((await track(n)).trackingNumberInfo.trackingNumber).toBe(n);
      // The resumed stream carries the inspector's events live: a webhook posted now arrives on it.
      const posted = await call('POST', `/lab/hooks/fdx/${CHANNEL}`, {
        outputMetaData: [{ transactionId: 'after-sigterm', timestamp: '2026-11-22T01:02:03Z' }],
        output: {},
      });
      expect(posted.status, posted.text).toBe(200);
      await live.next((e) => e.topic === webhookTopic(CHANNEL) && e.data.transactionId === 'after-sigterm', 30_000);

      step('sigkill');
      // Its replacement starts, then is SIGKILLed mid-burst: the survivor serves every acknowledged shipment.
      await cluster.start(0);
      const burst2 = Array.from({ length: 6 }, () => ship());
      const killed = cluster.signal(0, 'SIGKILL');
      const results2 = await Promise.all(burst2);
      expect((await killed).signal).toBe('SIGKILL');
      const acknowledged2 = results2.filter((r) => r.status === 200).flatMap((r) => r.numbers);
      expect(acknowledged2.length).toBeGreaterThan(0);
      for (const n of acknowledged2) expect((await track(n)).trackingNumberInfo.trackingNumber).toBe(n);
      // Print jobs acknowledged before the kills are still there.
      for (const taskId of sent) {
        expect((await call('GET', `/lab/api/print-relay/${listenId}/jobs/${taskId}`)).status).toBe(200);
      }
    } finally {
      for (const s of streams) s.close();
      await cluster.stop();
      await fresh.drop();
    }
    // Budget for its own work (docs/ARCHITECTURE.md, Tests): three server starts on PostgreSQL,
    // nginx, two clock advances of 8 webhooks per package, bursts across a SIGTERM and a SIGKILL.
  }, 180_000);
});
