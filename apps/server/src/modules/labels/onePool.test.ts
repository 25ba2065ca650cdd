import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { startServer } from '../../test/childServer.js';
import { stratusSample } from '../../test/stratusSample.js';

/** The render workers a process has started and not yet stopped: its child processes running render-worker. */
function renderWorkers(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return children.filter((child) => {
    try {
      return fs
        .readFileSync(`/proc/${child}/cmdline`, 'utf8')
        .split('\0')
        .some((arg) => /render-worker\.js$/.test(arg));
    } catch {
      return false; // it ended meanwhile
    }
  });
}

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const isPdf = (base64: string) => Buffer.from(base64, 'base64').subarray(0, 5).toString() === '%PDF-';

// Issue 27: every module that renders (the label service, the carrier simulator, Stratus) uses the
// app's one render pool, LABEL_WORKERS workers in total. The built server, as `npm start` runs it.
describe('one render pool per process (built server, LABEL_WORKERS=1)', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-one-pool-'));
    fs.mkdirSync(path.join(dir, 'web'));
    server = await startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'lab.sqlite')}`,
      WEB_DIST_DIR: path.join(dir, 'web'),
      LABEL_WORKERS: '1',
      // Longer than the test: a worker seen again is the same one, not a successor after an idle stop.
      LABEL_WORKER_IDLE_MS: '3600000',
      STRATUS_SIM_PENDING_POLLS: '0',
      // No warm-up render after start: the test sees the pool's first worker start with its first job.
      WARM_UP_ON_START: '0',
    });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders a label, a carrier PDF shipment and a Stratus PDF order with one worker process', async () => {
    const pid = server.child.pid!;
    const post = (url: string, init: RequestInit) => fetch(`${server.base}${url}`, { method: 'POST', ...init });
    expect(renderWorkers(pid)).toEqual([]); // started on the first job
    /** The workers after each step: always the one started by the first. */
    const seen: number[][] = [];

    // (a) The label service.
    const label = await post('/lab/api/labels/v1/printers/8dpmm/labels/4x6', {
      headers: { accept: 'application/pdf' },
      body: '^XA^FO50,50^A0N,50,50^FDOne pool^FS^XZ',
    });
    expect(label.status, await label.clone().text()).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    seen.push(renderWorkers(pid));
    expect(seen[0]).toHaveLength(1);

    // (b) A shipment with a PDF label on the carrier simulator.
    const token = await post('/lab/sim/carrier/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=one-pool&client_secret=secret',
    });
    expect(token.status).toBe(200);
    const shipment = await post('/lab/sim/carrier/ship/v1/shipments', {
      headers: {
        authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(defaultSample('ship-create')),
    });
    expect(shipment.status, await shipment.clone().text()).toBe(200);
    const piece = ((await shipment.json()) as any).output.transactionShipments[0].pieceResponses[0];
    expect(piece.packageDocuments[0].docType).toBe('PDF');
    expect(isPdf(piece.packageDocuments[0].encodedLabel)).toBe(true);
    seen.push(renderWorkers(pid));

    // (c) A Stratus order with PDF labels (field 187 DIB), with no pending polls configured.
    const issued = await post('/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob', {
      headers: { authorization: basic('one-pool', 'secret') },
    });
    expect(issued.status).toBe(200);
    const auth = { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
    const created = await post('/lab/sim/stratus/stratus/v1/order', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ProjetId: randomUUID(), Transaction: stratusSample('DIB', '116,"2"') }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { Id } = (await created.json()) as { Id: string };
    // Each poll waits up to RENDER_WAIT_MS for the PDFs and answers PENDING past it (as Stratus does
    // while it works): poll on, as a client does, until the order has an outcome.
    type Order = { State: string; Labels: { ImageType: string; Data: string }[] };
    let order: Order;
    do {
      const polled = await fetch(`${server.base}/lab/sim/stratus/stratus/v1/order/${Id}`, { headers: auth });
      order = (await polled.json()) as Order;
    } while (order.State === 'PENDING');
    expect(order.State).toBe('COMPLETED');
    expect(order.Labels.map((l) => [l.ImageType, isPdf(l.Data)])).toEqual([
      ['PDF', true],
      ['PDF', true],
    ]);
    seen.push(renderWorkers(pid));

    // The worker the label service started drew the carrier's and Stratus's labels too: a second
    // pool would have started a second worker (the first stays up, idle) and shown two here.
    expect(seen).toEqual([seen[0], seen[0], seen[0]]);
  }, 120_000);
});
