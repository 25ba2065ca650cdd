import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../test/childServer.js';
import { buildLabApp, freshDatabaseConfig, loadLabConfig, describePostgres } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { openSse } from '../../test/sseReader.js';

/**
 * A POST the server is in the middle of: its headers were read (the server answered `100 Continue`) and
 * half its body has been sent, the rest never will be. Whatever the burst workers are doing, a kill after
 * this lands with a request in flight. `closed` resolves with everything the server sent on the socket.
 */
async function requestInFlight(base: string, urlPath: string, body: string) {
  const { hostname, port } = new URL(base);
  const bytes = Buffer.from(body);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {}); // a reset when the server dies is what the test expects
  socket.write(
    `POST ${urlPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bytes.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (received.includes('\r\n\r\n')) resolve();
    };
    socket.on('data', check);
    void closed.then(() => reject(new Error(`the server closed the connection before 100 Continue: ${received}`)));
  });
  expect(received).toBe('HTTP/1.1 100 Continue\r\n\r\n');
  await new Promise<void>((resolve) => socket.write(bytes.subarray(0, bytes.length >> 1), () => resolve()));
  return { closed };
}

describe('kill-and-restart durability (built server, SQLite)', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(() => {
    // dist/ is built once per run, before any suite, by the server project's globalSetup (src/test/globalSetup.ts).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-durability-'));
    fs.mkdirSync(path.join(dir, 'web'));
    env = {
      DATABASE_URL: `sqlite:${path.join(dir, 'lab.sqlite')}`,
      WEB_DIST_DIR: path.join(dir, 'web'),
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000',
    };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every 200-acknowledged payload when the process is SIGKILLed mid-burst', async () => {
    const first = await startServer(env);
    const acked = new Map<number, string>();
    const errorsBeforeKill: string[] = [];
    let n = 0;
    let killed = false;
    let reached300!: () => void;
    const burstUnderWay = new Promise<void>((resolve) => (reached300 = resolve));
    const worker = async () => {
      while (!killed) {
        const body = `{"outputMetaData":[{"transactionId":"burst-${n++}","timestamp":"${new Date().toISOString()}"}],"pad":"${'x'.repeat(1500)}"}`;
        try {
          const res = await fetch(`${first.base}/lab/hooks/fdx/burst`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
          });
          if (res.status === 200) acked.set(((await res.json()) as { id: number }).id, body);
          if (acked.size >= 300) reached300();
        } catch (e) {
          if (killed) return;
          errorsBeforeKill.push(String(e));
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await burstUnderWay;
    const held = `{"outputMetaData":[{"transactionId":"held-open"}],"pad":"${'y'.repeat(1500)}"}`;
    const inFlight = await requestInFlight(first.base, '/lab/hooks/fdx/burst', held);
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await new Promise((r) =>
      first.child.exitCode !== null || first.child.signalCode ? r(null) : first.child.once('exit', r),
    );
    const how = `exit ${first.child.exitCode} signal ${first.child.signalCode}; server output:\n${first.output()}`;
    expect(first.child.signalCode, how).toBe('SIGKILL');
    // The held request was in flight by construction: the server died with it half read, and never answered it.
    expect(await inFlight.closed, `the held request was answered (${how})`).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    expect(errorsBeforeKill, 'requests failed while the server was alive').toEqual([]);

    const second = await startServer(env);
    try {
      for (const [id, body] of acked) {
        const res = await fetch(`${second.base}/lab/api/webhooks/burst/${id}`);
        expect(
          res.status,
          `acknowledged id ${id} lost (${acked.size} acknowledged); server output:\n${second.output()}`,
        ).toBe(200);
        expect(((await res.json()) as { body: string }).body).toBe(body);
      }
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => (second.child.exitCode !== null ? r(null) : second.child.once('exit', r)));
    }
    // A budget for the work itself: two starts of the built server, a 16-client burst of 300+
    // posts and a read of every acknowledged one (16–25 s on a loaded 2-core machine).
  }, 60_000);
});

describePostgres('two instances on one PostgreSQL database', () => {
  it('a payload posted to A appears live on a viewer connected to B', async () => {
    const { config: database, drop } = await freshDatabaseConfig('postgres');
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-web-'));
    const config = loadLabConfig({ LOG_LEVEL: 'warn' }, { database, webDistDir: web });
    const a = await buildLabApp(config);
    const b = await buildLabApp(config);
    try {
      const [baseA, baseB] = [await listenLoopback(a), await listenLoopback(b)];
      const viewer = await openSse(`${baseB}/lab/api/realtime?topics=webhooks/fanout`);
      try {
        const res = await fetch(`${baseA}/lab/hooks/fdx/fanout`, {
          method: 'POST',
          body: '{"outputMetaData":[{"transactionId":"fan-1"}]}',
        });
        const { id } = (await res.json()) as { id: number };
        const event = await viewer.next((e) => e.data.id === id);
        expect(event).toMatchObject({
          topic: 'webhooks/fanout',
          data: { type: 'received', transactionId: 'fan-1', channel: 'fanout' },
        });
        // B serves the stored payload too: one database.
        expect((await b.inject(`/lab/api/webhooks/fanout/${id}`)).json().transactionId).toBe('fan-1');
      } finally {
        viewer.close();
      }
    } finally {
      await a.close();
      await b.close();
      await drop();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
