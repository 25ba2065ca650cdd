import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildLabApp, buildTestApp, dialectsFor, loadLabConfig, type TestApp } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { suiteApp } from '../../test/suiteFixtures.js';
import { openSse } from '../../test/sseReader.js';
import { printRelayModule } from './index.js';
import { INLINE_EVENT_BYTES } from './service.js';

const ZPL = '^XA^FO50,50^A0N,40,40^FDRelay test^FS^XZ';

async function issue(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/lab/api/print-relay/listen-ids' });
  expect(res.statusCode).toBe(200);
  return res.json().listenId as string;
}

const send = (t: TestApp, listenId: string, printData: string, nodeId = 'REMOTE_AB1', ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/lab/api/print-relay/${listenId}/jobs`,
    payload: { nodeId, printData },
    remoteAddress: ip,
  });

// Dialect-sensitive: the relay's repository, and its events over the bus.
describe.each(dialectsFor('dialect-sensitive'))('print relay on %s', (dialect) => {
  const t = suiteApp(dialect, {}, { env: { PRINT_RELAY_LISTEN_IDS: 'shanghai-desk,backup' } });

  it('answers the screen settings: pre-set id, sample ZPL, agent origins, limits', async () => {
    const res = await t.app.inject('/lab/api/print-relay/config');
    expect(res.json()).toEqual({
      presetListenId: 'shanghai-desk',
      remoteZplSample: expect.stringContaining('^XA'),
      agentOrigins: ['http://127.0.0.1:9100', 'https://127.0.0.1:9101'],
      maxJobBytes: 1024 * 1024,
      jobTtlSeconds: 3600,
      historySize: 20,
    });
  });

  it('adds the agent origins to the CSP connect-src', async () => {
    const res = await t.app.inject('/lab/api/print-relay/config');
    expect(res.headers['content-security-policy']).toMatch(
      /connect-src 'self'[^;]* http:\/\/127\.0\.0\.1:9100 https:\/\/127\.0\.0\.1:9101/,
    );
  });

  it('issues unguessable listen ids: 26 base-32 characters, all different', async () => {
    const ids = await Promise.all([issue(t), issue(t), issue(t)]);
    for (const id of ids) expect(id).toMatch(/^[a-z2-7]{26}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('stores a job with remote_id, subscribe_id, print_data and created, and serves it', async () => {
    const listenId = await issue(t);
    const res = await send(t, listenId, ZPL);
    expect(res.statusCode).toBe(200);
    const { receivers, ...job } = res.json();
    expect(receivers).toBe(0);
    expect(job).toMatchObject({ remoteId: listenId, subscribeId: 'REMOTE_AB1', printData: ZPL, size: ZPL.length });
    expect(Date.parse(job.expiresAt) - Date.parse(job.created)).toBe(3600_000);
    const stored = await t.app.db.kysely
      .selectFrom('print_jobs')
      .selectAll()
      .where('task_id', '=', job.taskId)
      .execute();
    expect(stored).toMatchObject([{ remote_id: listenId, subscribe_id: 'REMOTE_AB1', print_data: ZPL }]);
    const again = await t.app.inject(`/lab/api/print-relay/${listenId}/jobs/${job.taskId}`);
    expect(again.json()).toEqual(job);
    // Another listen id does not see it.
    expect((await t.app.inject(`/lab/api/print-relay/backup/jobs/${job.taskId}`)).statusCode).toBe(404);
  });

  it('refuses listen ids that were neither issued nor configured', async () => {
    const res = await send(t, 'guessed-id', ZPL);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown listen id guessed-id: ask the receiver for its id' });
    expect((await send(t, 'backup', ZPL)).statusCode).toBe(200);
    expect((await send(t, 'Not Valid', ZPL)).statusCode).toBe(400);
    expect((await send(t, 'backup', ZPL, 'SOMEONE')).json().message).toMatch(
      /nodeId: a node id is PRINTER_ or REMOTE_/,
    );
  });

  it('logs receivers’ results and answers the 20 newest rows of the listen id, newest first', async () => {
    const listenId = await issue(t);
    const other = await issue(t);
    const taskIds: string[] = [];
    for (let i = 0; i < 22; i++) taskIds.push((await send(t, listenId, `^XA^FD${i}^FS^XZ`)).json().taskId);
    const otherTask = (await send(t, other, ZPL)).json().taskId;
    for (const [i, taskId] of taskIds.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/lab/api/print-relay/${listenId}/logs`,
        payload: {
          taskId,
          nodeId: 'PRINTER_X9Z',
          isPrinted: i % 2 === 0,
          message: i % 2 === 0 ? '' : 'Zebra Print not connected',
        },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'POST',
      url: `/lab/api/print-relay/${other}/logs`,
      payload: { taskId: otherTask, nodeId: 'PRINTER_Q00', isPrinted: true, message: '' },
    });
    const history = (await t.app.inject(`/lab/api/print-relay/${listenId}/history`)).json().items as any[];
    expect(history).toHaveLength(20);
    expect(history[0]).toMatchObject({
      nodeId: 'PRINTER_X9Z',
      subscribeId: 'REMOTE_AB1',
      isPrinted: false,
      taskId: taskIds[21],
      remoteId: listenId,
      printData: '^XA^FD21^FS^XZ',
      message: 'Zebra Print not connected',
    });
    expect(history.map((r) => r.printData)).toEqual(taskIds.slice(2).map((_, i) => `^XA^FD${21 - i}^FS^XZ`));
    // A log for a job of another listen id is refused.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/lab/api/print-relay/${listenId}/logs`,
      payload: { taskId: otherTask, nodeId: 'PRINTER_X9Z', isPrinted: true, message: '' },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject('/lab/api/print-relay/nobody/history')).statusCode).toBe(404);
  });

  it('delivers jobs and log rows over SSE on the listen id’s topic (large jobs by reference)', async () => {
    const base = await listenLoopback(t.app);
    const listenId = await issue(t);
    const receiver = await openSse(`${base}/lab/api/print-relay/${listenId}/receive?nodeId=PRINTER_X9Z`);
    const sse = await openSse(`${base}/lab/api/realtime?topics=print-relay/${listenId}`);
    try {
      expect((await receiver.next((e) => e.data.type === 'ready')).data).toEqual({
        type: 'ready',
        receivers: 1,
        pending: 0,
      });
      const { receivers, ...job } = (await send(t, listenId, ZPL)).json();
      expect(receivers).toBe(1);
      for (const stream of [receiver, sse]) {
        const event = await stream.next((e) => e.data.type === 'job' && e.data.taskId === job.taskId);
        expect(event).toEqual({
          topic: `print-relay/${listenId}`,
          data: { type: 'job', ...job },
        });
      }
      const big = `^XA^FD${'x'.repeat(INLINE_EVENT_BYTES)}^FS^XZ`;
      const bigJob = (await send(t, listenId, big)).json();
      const bigEvent = await receiver.next((e) => e.data.taskId === bigJob.taskId);
      expect(bigEvent.data.printData).toBeUndefined();
      expect(bigEvent.data.size).toBe(big.length);
      await t.app.inject({
        method: 'POST',
        url: `/lab/api/print-relay/${listenId}/logs`,
        payload: { taskId: job.taskId, nodeId: 'PRINTER_X9Z', isPrinted: true, message: '' },
      });
      const logEvent = await sse.next((e) => e.data.type === 'log');
      expect(logEvent.data).toMatchObject({ type: 'log', taskId: job.taskId, isPrinted: true });
    } finally {
      sse.close();
      receiver.close();
    }
  });
});

describe('print relay settings', () => {
  it('reads agent origins and listen ids, refusing what is not an origin or an id', () => {
    const load = (env: NodeJS.ProcessEnv) => loadConfig(env, {}, [printRelayModule]);
    const config = load({
      PRINT_AGENT_ORIGINS: 'http://127.0.0.1:9200/, https://print.example.test',
      PRINT_RELAY_LISTEN_IDS: 'desk-1, desk_2',
    });
    expect(config.printAgentOrigins).toEqual(['http://127.0.0.1:9200', 'https://print.example.test']);
    expect(config.printRelayListenIds).toEqual(['desk-1', 'desk_2']);
    expect(() => load({ PRINT_AGENT_ORIGINS: 'http://127.0.0.1:9100/path' })).toThrow(ConfigError);
    expect(() => load({ PRINT_AGENT_ORIGINS: 'ftp://x' })).toThrow(
      /PRINT_AGENT_ORIGINS: PRINT_AGENT_ORIGINS is a comma-separated list of origins/,
    );
    expect(() => load({ PRINT_RELAY_LISTEN_IDS: 'Desk 1' })).toThrow(/PRINT_RELAY_LISTEN_IDS: each id is 1 to 64/);
  });
});

describe('print relay limits', () => {
  const t = suiteApp(
    'sqlite',
    { printRelayRateLimitPerMinute: 5, printRelayMaxJobBytes: 100, printRelayJobTtlSeconds: 60 },
    { env: { PRINT_RELAY_LISTEN_IDS: 'desk' } },
  );
  let now = Date.parse('2026-11-23T00:00:00Z');

  it('refuses a job over the size limit with 413 naming the limit', async () => {
    const res = await send(t, 'desk', 'x'.repeat(101), 'REMOTE_AB1', '10.1.0.1');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'A print job is at most 100 bytes; this one is 101' });
    expect((await send(t, 'desk', 'x'.repeat(100), 'REMOTE_AB1', '10.1.0.1')).statusCode).toBe(200);
  });

  it('rate-limits senders per address', async () => {
    for (let i = 0; i < 5; i++) expect((await send(t, 'desk', ZPL, 'REMOTE_AB1', '10.2.0.1')).statusCode).toBe(200);
    const limited = await send(t, 'desk', ZPL, 'REMOTE_AB1', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Rate limit exceeded, retry in /);
    expect((await send(t, 'desk', ZPL, 'REMOTE_AB1', '10.2.0.2')).statusCode).toBe(200);
  });

  it('expires jobs after the configured time and removes them', async () => {
    const { PrintRelay } = await import('./service.js');
    const { PrintRelayRepo } = await import('./repo.js');
    const relay = new PrintRelay(new PrintRelayRepo(t.app.db), t.app.bus, t.config, t.app.log, () => new Date(now));
    const job = await relay.send('desk', 'REMOTE_AB1', ZPL);
    expect((await relay.job('desk', job.taskId)).printData).toBe(ZPL);
    now += 60_000;
    await expect(relay.job('desk', job.taskId)).rejects.toThrow(
      `Print job ${job.taskId} does not exist or has expired`,
    );
    await relay.send('desk', 'REMOTE_AB1', ZPL);
    const left = await t.app.db.kysely
      .selectFrom('print_jobs')
      .select('task_id')
      .where('task_id', '=', job.taskId)
      .execute();
    expect(left).toEqual([]);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('print relay across instances on PostgreSQL', () => {
    it('a job sent to one instance reaches a receiver streaming from another', async () => {
      const a = await buildTestApp('postgres', {}, { env: { PRINT_RELAY_LISTEN_IDS: 'shared-desk' } });
      const b = await buildLabApp(
        loadLabConfig(
          { LOG_LEVEL: 'silent', PRINT_RELAY_LISTEN_IDS: 'shared-desk' },
          { database: a.config.database, webDistDir: a.config.webDistDir },
        ),
      );
      try {
        const sse = await openSse(
          `${await listenLoopback(b)}/lab/api/print-relay/shared-desk/receive?nodeId=PRINTER_B00`,
        );
        try {
          await sse.next((e) => e.data.type === 'ready');
          const job = (await send(a, 'shared-desk', ZPL)).json();
          // Counted across instances: the receiver streams from b, the job was sent to a.
          expect(job.receivers).toBe(1);
          const event = await sse.next((e) => e.data.taskId === job.taskId);
          expect(event.data).toMatchObject({ type: 'job', printData: ZPL, remoteId: 'shared-desk' });
        } finally {
          sse.close();
        }
      } finally {
        await b.close();
        await a.close();
      }
    });
  });
}
