import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NO_RECEIVER_MESSAGE, printRelayTopic } from '@lab/core/print';
import {
  buildLabApp,
  buildTestApp,
  dialectsFor,
  freshDatabaseConfig,
  freshDb,
  loadLabConfig,
  type TestDialect,
} from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { suiteApp } from '../../test/suiteFixtures.js';
import { openSse, stalledSseClient, type SseReader } from '../../test/sseReader.js';
import { up as migrate0120 } from './migrations/0120_print_relay_delivery.js';
import { up as migrate0250 } from './migrations/0250_print_relay_written.js';
import { PrintRelayRepo } from './repo.js';
import { PrintRelay, RECEIVER_LEASE_MS } from './service.js';

const ZPL = '^XA^FO50,50^A0N,40,40^FDPending^FS^XZ';
type Event = { topic: string; data: any };

const send = (app: FastifyInstance, listenId: string, printData = ZPL) =>
  app.inject({
    method: 'POST',
    url: `/lab/api/print-relay/${listenId}/jobs`,
    payload: { nodeId: 'REMOTE_AB1', printData },
  });

const urlOf = async (app: FastifyInstance) => `${await listenLoopback(app)}/lab/api`;

const receive = async (app: FastifyInstance, listenId: string, nodeId: string) =>
  openSse(`${await urlOf(app)}/print-relay/${listenId}/receive?nodeId=${nodeId}`);

/** Every event of the stream up to and including the first that satisfies `last`, in order. */
async function eventsUntil(sse: SseReader, last: (e: Event) => boolean): Promise<Event[]> {
  const seen: Event[] = [];
  await sse.next((e) => {
    if (!seen.includes(e)) seen.push(e);
    return last(e);
  });
  return seen;
}

const jobsOf = async (app: FastifyInstance, listenId: string) =>
  (await app.inject(`/lab/api/print-relay/${listenId}/jobs`)).json();

describe.each(dialectsFor('dialect-sensitive'))('relay delivery on %s', (dialect) => {
  const t = suiteApp(dialect, {}, { env: { PRINT_RELAY_LISTEN_IDS: 'desk-a,desk-b,desk-c' } });

  it('keeps a job sent while nobody listens pending, says so, and gives it to the next receiver once', async () => {
    const sent = await send(t.app, 'desk-a');
    expect(sent.statusCode).toBe(200);
    const { receivers, ...job } = sent.json();
    expect(receivers).toBe(0);
    const history = (await t.app.inject('/lab/api/print-relay/desk-a/history')).json().items;
    expect(history).toMatchObject([
      {
        nodeId: 'RELAY',
        subscribeId: 'REMOTE_AB1',
        isPrinted: false,
        taskId: job.taskId,
        message: NO_RECEIVER_MESSAGE,
      },
    ]);
    expect(await jobsOf(t.app, 'desk-a')).toEqual({
      receivers: 0,
      items: [{ ...job, status: 'pending', deliveredAt: null }],
    });

    const watch = await openSse(`${await urlOf(t.app)}/realtime?topics=print-relay/desk-a`);
    const first = await receive(t.app, 'desk-a', 'PRINTER_R01');
    try {
      const events = await eventsUntil(first, (e) => e.data.type === 'ready');
      expect(events.map((e) => e.data)).toEqual([
        { type: 'job', ...job },
        { type: 'ready', receivers: 1, pending: 1 },
      ]);
      const listed = await jobsOf(t.app, 'desk-a');
      expect(listed.receivers).toBe(1);
      expect(listed.items).toMatchObject([{ taskId: job.taskId, status: 'delivered' }]);
      expect(listed.items[0].deliveredAt).toEqual(expect.any(String));
    } finally {
      first.close();
    }
    // The receiver left: the count goes back to 0 (announced on the topic).
    await watch.next((e) => e.data.type === 'receivers' && e.data.count === 0);
    expect((await jobsOf(t.app, 'desk-a')).receivers).toBe(0);

    // Reconnecting does not announce it again.
    const again = await receive(t.app, 'desk-a', 'PRINTER_R01');
    try {
      const events = await eventsUntil(again, (e) => e.data.type === 'ready');
      expect(events.map((e) => e.data)).toEqual([{ type: 'ready', receivers: 1, pending: 0 }]);
    } finally {
      again.close();
      watch.close();
    }
  });

  it('lists pending, delivered, printed and failed jobs, newest first', async () => {
    const url = await urlOf(t.app);
    const pending = (await send(t.app, 'desk-b', '^XA^FDpending^FS^XZ')).json();
    const receiver = await openSse(`${url}/print-relay/desk-b/receive?nodeId=PRINTER_R02`);
    try {
      await receiver.next((e) => e.data.type === 'ready');
      const printed = (await send(t.app, 'desk-b', '^XA^FDprinted^FS^XZ')).json();
      const failed = (await send(t.app, 'desk-b', '^XA^FDfailed^FS^XZ')).json();
      const delivered = (await send(t.app, 'desk-b', '^XA^FDdelivered^FS^XZ')).json();
      expect([printed.receivers, failed.receivers, delivered.receivers]).toEqual([1, 1, 1]);
      for (const [job, isPrinted] of [
        [printed, true],
        [failed, false],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/lab/api/print-relay/desk-b/logs',
          payload: { taskId: job.taskId, nodeId: 'PRINTER_R02', isPrinted, message: isPrinted ? '' : 'paper out' },
        });
        expect(res.statusCode).toBe(200);
      }
      const listed = await jobsOf(t.app, 'desk-b');
      expect(listed.receivers).toBe(1);
      expect(listed.items.map((j: any) => [j.printData, j.status])).toEqual([
        ['^XA^FDdelivered^FS^XZ', 'delivered'],
        ['^XA^FDfailed^FS^XZ', 'failed'],
        ['^XA^FDprinted^FS^XZ', 'printed'],
        ['^XA^FDpending^FS^XZ', 'delivered'],
      ]);
      expect(pending.receivers).toBe(0);
      // Only the job nobody was listening for has the relay's row.
      const history = (await t.app.inject('/lab/api/print-relay/desk-b/history')).json().items;
      expect(history.filter((r: any) => r.nodeId === 'RELAY').map((r: any) => r.taskId)).toEqual([pending.taskId]);
    } finally {
      receiver.close();
    }
  });

  it('refuses a receiver stream for an unknown listen id or without a receiver node id', async () => {
    const unknown = await t.app.inject('/lab/api/print-relay/nobody/receive?nodeId=PRINTER_R03');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'Unknown listen id nobody: ask the receiver for its id',
    ]);
    const anonymous = await t.app.inject('/lab/api/print-relay/desk-c/receive');
    expect(anonymous.statusCode).toBe(400);
    expect((await t.app.inject('/lab/api/print-relay/nobody/jobs')).statusCode).toBe(404);
  });
});

describe.each(dialectsFor('dialect-sensitive'))('relay across a restart on %s', (dialect: TestDialect) => {
  it('a job sent before the server restarts is given to the receiver that connects after it', async () => {
    const { config: database, drop } = await freshDatabaseConfig(dialect);
    const env = { LOG_LEVEL: 'silent', PRINT_RELAY_LISTEN_IDS: 'night-desk' };
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-'));
    try {
      const before = await buildLabApp(loadLabConfig(env, { database, webDistDir }));
      let job: any;
      try {
        const { receivers, ...stored } = (await send(before, 'night-desk')).json();
        expect(receivers).toBe(0);
        job = stored;
      } finally {
        await before.close();
      }
      const after = await buildLabApp(loadLabConfig(env, { database, webDistDir }));
      try {
        const receiver = await receive(after, 'night-desk', 'PRINTER_N01');
        try {
          const events = await eventsUntil(receiver, (e) => e.data.type === 'ready');
          expect(events.map((e) => e.data)).toEqual([
            { type: 'job', ...job },
            { type: 'ready', receivers: 1, pending: 1 },
          ]);
        } finally {
          receiver.close();
        }
      } finally {
        await after.close();
      }
    } finally {
      await drop();
      fs.rmSync(webDistDir, { recursive: true, force: true });
    }
  });
});

describe('a receiver that stops reading', () => {
  it('is disconnected once its unread bytes pass SSE_BUFFER_LIMIT_BYTES and one job, and uncounted', async () => {
    const t = await buildTestApp(
      'sqlite',
      { sseBufferLimitBytes: 64 * 1024, printRelayMaxJobBytes: 1024 },
      { env: { PRINT_RELAY_LISTEN_IDS: 'slow-desk' } },
    );
    try {
      const base = await listenLoopback(t.app);
      const topic = printRelayTopic('slow-desk');
      const uncounted = new Promise<void>((resolve) =>
        t.app.bus.subscribe(topic, (e: any) => e.type === 'receivers' && e.count === 0 && resolve()),
      );
      const client = await stalledSseClient(
        base,
        '/lab/api/print-relay/slow-desk/receive?nodeId=PRINTER_S01',
        '"type":"ready"',
      );
      const printData = 'x'.repeat(4000);
      // ~40 MB of job events offered at most.
      await client.flood((i) => t.app.bus.publish(topic, { type: 'job', taskId: `t${i}`, printData }));
      expect(t.logs.lines.some((l) => l.msg === 'print relay receiver too slow; disconnected')).toBe(true);
      await uncounted;
    } finally {
      await t.close();
    }
  });
});

describe('receivers are counted while their lease runs', () => {
  it('a receiver whose instance stopped renewing it lapses; renewed ones stay', async () => {
    const t = await buildTestApp('sqlite', {}, { env: { PRINT_RELAY_LISTEN_IDS: 'desk' } });
    let now = Date.parse('2026-11-24T10:00:00Z');
    const relay = new PrintRelay(new PrintRelayRepo(t.app.db), t.app.bus, t.config, t.app.log, () => new Date(now));
    try {
      const kept = await relay.receiverConnected('desk', 'PRINTER_K01');
      await relay.receiverConnected('desk', 'PRINTER_L01');
      expect(await relay.receivers('desk')).toBe(2);
      now += RECEIVER_LEASE_MS / 2;
      await relay.renewReceivers([kept.id]);
      now += RECEIVER_LEASE_MS / 2;
      expect(await relay.receivers('desk')).toBe(1);
      await relay.receiverDisconnected('desk', kept.id);
      expect(await relay.receivers('desk')).toBe(0);
      // Jobs given to a receiver that left before they were written to it wait for the next one.
      const waiting = await relay.send('desk', 'REMOTE_AB1', ZPL);
      expect(waiting.receivers).toBe(0);
      const gone = await relay.receiverConnected('desk', 'PRINTER_G01');
      expect(gone.pending.map((j) => j.taskId)).toEqual([waiting.taskId]);
      await relay.releasePending(gone.pending, 'PRINTER_G01');
      await relay.receiverDisconnected('desk', gone.id);
      expect((await relay.receiverConnected('desk', 'PRINTER_H01')).pending.map((j) => j.taskId)).toEqual([
        waiting.taskId,
      ]);
      now += RECEIVER_LEASE_MS;
      // An expired job is not given to a receiver.
      const job = await relay.send('desk', 'REMOTE_AB1', ZPL);
      expect(job.receivers).toBe(0);
      now += t.config.printRelayJobTtlSeconds * 1000;
      expect((await relay.receiverConnected('desk', 'PRINTER_M01')).pending).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a job announced to receivers that are gone', () => {
  it('is given to the next receiver that connects until a stream has taken it, then never again', async () => {
    const t = await buildTestApp('sqlite', {}, { env: { PRINT_RELAY_LISTEN_IDS: 'desk' } });
    const relay = new PrintRelay(new PrintRelayRepo(t.app.db), t.app.bus, t.config, t.app.log);
    try {
      // Counted (its lease runs) but its instance was killed: nobody writes what is announced to it.
      await relay.receiverConnected('desk', 'PRINTER_D01');
      const job = await relay.send('desk', 'REMOTE_AB1', ZPL);
      expect(job.receivers).toBe(1);
      const next = await relay.receiverConnected('desk', 'PRINTER_D02');
      expect(next.pending.map((j) => j.taskId)).toEqual([job.taskId]);
      // Given to a receiver that had not taken it yet: it stays with that one (not announced again).
      expect((await relay.receiverConnected('desk', 'PRINTER_D03')).pending).toEqual([]);
      await relay.releasePending(next.pending, 'PRINTER_D02');
      const taken = await relay.send('desk', 'REMOTE_AB1', ZPL);
      await relay.written([taken.taskId]);
      // Released (never written) it goes again; the job a stream took does not.
      expect((await relay.receiverConnected('desk', 'PRINTER_D04')).pending.map((j) => j.taskId)).toEqual([job.taskId]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('relay delivery across instances on PostgreSQL', () => {
  it('a pending job is announced once when receivers connect to two instances at the same time', async () => {
    const env = { PRINT_RELAY_LISTEN_IDS: 'twin-desk' };
    const a = await buildTestApp('postgres', {}, { env });
    const b = await buildLabApp(
      loadLabConfig({ LOG_LEVEL: 'silent', ...env }, { database: a.config.database, webDistDir: a.config.webDistDir }),
    );
    try {
      const jobs = [];
      for (let i = 0; i < 5; i++) jobs.push((await send(a.app, 'twin-desk', `^XA^FD${i}^FS^XZ`)).json());
      expect(jobs.map((j) => j.receivers)).toEqual([0, 0, 0, 0, 0]);
      const [onA, onB] = await Promise.all([
        receive(a.app, 'twin-desk', 'PRINTER_A01'),
        receive(b, 'twin-desk', 'PRINTER_B01'),
      ]);
      try {
        const ready = await Promise.all([onA, onB].map((s) => eventsUntil(s, (e) => e.data.type === 'ready')));
        // A job sent now reaches both (two receivers, counted across the instances): every
        // pending job a stream was given came before its `ready`, hence before this one.
        const marker = (await send(b, 'twin-desk', '^XA^FDmarker^FS^XZ')).json();
        expect(marker.receivers).toBe(2);
        const got = await Promise.all(
          [onA, onB].map((s) => eventsUntil(s, (e) => e.data.type === 'job' && e.data.taskId === marker.taskId)),
        );
        // `next` takes only the event it waited for: `got` holds every other event since the start.
        const pendingGiven = [0, 1].map((i) =>
          got[i]!.filter((e) => e.data.type === 'job' && e.data.taskId !== marker.taskId).map((e) => e.data.taskId),
        );
        expect(ready.map((r) => r.at(-1)!.data.pending).sort()).toEqual([0, 5]);
        expect([...pendingGiven[0]!, ...pendingGiven[1]!].sort()).toEqual(jobs.map((j) => j.taskId).sort());
        // All five went to one receiver: one claim marked them all.
        expect(pendingGiven.map((p) => p.length).sort()).toEqual([0, 5]);
        const rows = await a.app.db.kysely
          .selectFrom('print_jobs')
          .select(['task_id', 'announced_to'])
          .where('remote_id', '=', 'twin-desk')
          .execute();
        const to = new Map(rows.map((r) => [r.task_id, r.announced_to]));
        expect(new Set(jobs.map((j) => to.get(j.taskId))).size).toBe(1);
        expect(to.get(marker.taskId)).toBe('*');
      } finally {
        onA.close();
        onB.close();
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('migration 0120_print_relay_delivery', () => {
  it('marks jobs stored before it as announced, so an upgrade never prints them again', async () => {
    const { db, drop } = await freshDb('sqlite');
    try {
      // Back to the schema before 0120, with a job sent then.
      await db.kysely.schema.dropTable('print_receivers').execute();
      await db.kysely.schema.dropIndex('print_jobs_remote_id').execute();
      await db.kysely.schema.alterTable('print_jobs').dropColumn('announced_to').execute();
      await db.kysely.schema.alterTable('print_jobs').dropColumn('announced_at').execute();
      await (db.kysely as any)
        .insertInto('print_jobs')
        .values({
          task_id: 'old',
          remote_id: 'desk',
          subscribe_id: 'REMOTE_AB1',
          print_data: ZPL,
          size: ZPL.length,
          created: '2026-11-24T10:00:00.000Z',
          expires_at: '2026-11-24T11:00:00.000Z',
        })
        .execute();
      await migrate0120(db.kysely);
      expect(await db.kysely.selectFrom('print_jobs').select(['announced_at', 'announced_to']).execute()).toEqual([
        { announced_at: '2026-11-24T10:00:00.000Z', announced_to: '*' },
      ]);
    } finally {
      await drop();
    }
  });
});

describe('migration 0250_print_relay_written', () => {
  it('takes jobs announced before it as written and leaves pending ones pending', async () => {
    const { db, drop } = await freshDb('sqlite');
    try {
      await db.kysely.schema.alterTable('print_jobs').dropColumn('written_at').execute();
      const job = (task_id: string, announced_at: string | null) => ({
        task_id,
        remote_id: 'desk',
        subscribe_id: 'REMOTE_AB1',
        print_data: ZPL,
        size: ZPL.length,
        created: '2026-11-24T10:00:00.000Z',
        expires_at: '2026-11-24T11:00:00.000Z',
        announced_at,
        announced_to: announced_at === null ? null : '*',
      });
      await (db.kysely as any)
        .insertInto('print_jobs')
        .values([job('announced', '2026-11-24T10:00:01.000Z'), job('pending', null)])
        .execute();
      await migrate0250(db.kysely);
      expect(
        await db.kysely.selectFrom('print_jobs').select(['task_id', 'written_at']).orderBy('task_id').execute(),
      ).toEqual([
        { task_id: 'announced', written_at: '2026-11-24T10:00:01.000Z' },
        { task_id: 'pending', written_at: null },
      ]);
    } finally {
      await drop();
    }
  });
});
