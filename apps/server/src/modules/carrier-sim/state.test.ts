import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { servicesOf } from '../../app.js';
import type { AppConfig } from '../../config.js';
import type { LabServices } from '../../module.js';
import {
  buildTestApp,
  dialectsFor,
  freshDatabaseConfig,
  labModulesWithServices,
  type TestApp,
  describePostgres,
} from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { twinCall, twinSample, twinToday, twinToken } from '../../test/simulators.js';
import { twoInstancesOnPostgres } from '../../test/suiteFixtures.js';
import { cancelRequest, shipRequest } from './testShipments.js';

type Json = Record<string, any>;

const SIM = { simSeed: 5 } satisfies Partial<AppConfig>;
const DAY = 86_400_000;

const tokenOf = (t: TestApp) => twinToken(t.app);

/** Ships the sample dated for the twin's today (its clock may have moved: the twin refuses a past date). */
async function ship(t: TestApp, token: string): Promise<string> {
  const res = await twinCall(t.app, token, '/ship/v1/shipments', shipRequest(undefined, await twinToday(t.app)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().output.transactionShipments[0].masterTrackingNumber as string;
}

async function track(t: TestApp, token: string, trackingNumber: string): Promise<Json> {
  const res = await twinCall(t.app, token, '/track/v1/trackingnumbers', {
    includeDetailedScans: true,
    trackingInfo: [{ trackingNumberInfo: { trackingNumber } }],
  });
  expect(res.statusCode).toBe(200);
  return res.json().output.completeTrackResults[0].trackResults[0] as Json;
}

const cancel = (t: TestApp, token: string, trackingNumber: string) =>
  twinCall(t.app, token, '/ship/v1/shipments/cancel', cancelRequest(trackingNumber), { method: 'PUT' });

const NOT_FOUND = {
  code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
  message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
};

describe('carrier simulator state in the database (sqlite)', () => {
  it('keeps a shipment across a restart on the same SQLite file: tracked after it, cancelled once', async () => {
    const { config: database, drop } = await freshDatabaseConfig('sqlite');
    try {
      const before = await buildTestApp('sqlite', { ...SIM, database });
      const master = await ship(before, await tokenOf(before));
      await before.close();

      const after = await buildTestApp('sqlite', { ...SIM, database });
      try {
        const token = await tokenOf(after);
        // Its plan is in the database: once the clock is past its delivery, tracking shows it all.
        const clock = servicesOf(after.app).simClock;
        await clock.advance('sandbox', 30 * DAY);
        await clock.settled();
        const result = await track(after, token, master);
        expect(result.error).toBeUndefined();
        expect(result.trackingNumberInfo.trackingNumber).toBe(master);
        expect(result.scanEvents.map((e: Json) => e.eventType)).toEqual([
          'DL',
          'OD',
          'AR',
          'DP',
          'AR',
          'DP',
          'PU',
          'OC',
        ]);
        expect((await cancel(after, token, master)).statusCode).toBe(200);
        // The same seed draws the same numbers again; the restarted simulator skips those it issued.
        const next = await ship(after, token);
        expect(next).not.toBe(master);
      } finally {
        await after.close();
      }
    } finally {
      await drop();
    }
  });

  it('stores the files of uploads and the pickups it confirms', async () => {
    // The pickup's confirmation code comes from the pickup document's example: imported documents.
    const t = await buildTestApp('sqlite', SIM, { imported: true });
    try {
      const token = await tokenOf(t);
      const boundary = '----twinstate';
      const document = defaultSample('etd-upload') as Json;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"\r\n\r\n${JSON.stringify(document.document)}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="invoice.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        Buffer.from('%PDF-1.4 twin'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/lab/sim/carrier-documents/documents/v1/etds/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const docId = uploaded.json().output.meta.docId as string;
      const stored = await t.app.db.kysely.selectFrom('carrier_sim_uploads').selectAll().execute();
      expect(stored.map((r) => [r.kind, r.reference, r.file_name, Buffer.from(r.body).toString()])).toEqual([
        ['etd', docId, 'invoice.pdf', '%PDF-1.4 twin'],
      ]);

      const pickup = await twinCall(t.app, token, '/pickup/v1/pickups', await twinSample(t.app, 'pickup-create'));
      expect(pickup.statusCode).toBe(200);
      const code = pickup.json().output.pickupConfirmationCode as string;
      const pickups = await t.app.db.kysely.selectFrom('carrier_sim_pickups').select('confirmation_code').execute();
      expect(pickups).toEqual([{ confirmation_code: code }]);
    } finally {
      await t.close();
    }
  });
});

// Dialect-sensitive: retention is a raw SQL statement (repo.ts keepNewest).
describe.each(dialectsFor('dialect-sensitive'))('carrier simulator retention (%s)', (dialect) => {
  it('remembers exactly SIM_MAX_SHIPMENTS shipments, forgetting the oldest first', async () => {
    const max = 3;
    const t = await buildTestApp(dialect, { ...SIM, simMaxShipments: max });
    try {
      const token = await tokenOf(t);
      const masters: string[] = [];
      for (let i = 0; i < max + 2; i++) masters.push(await ship(t, token));
      for (const gone of masters.slice(0, 2)) expect((await track(t, token, gone)).error).toEqual(NOT_FOUND);
      for (const kept of masters.slice(2)) expect((await track(t, token, kept)).error).toBeUndefined();
      const rows = await t.app.db.kysely
        .selectFrom('carrier_sim_shipments')
        .select('master_tracking_number')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.master_tracking_number)).toEqual(masters.slice(2));
      // The pieces, labels and scans of the forgotten shipments went with them.
      const pieces = await t.app.db.kysely.selectFrom('carrier_sim_pieces').select('tracking_number').execute();
      expect(pieces.map((p) => p.tracking_number).sort()).toEqual([...masters.slice(2)].sort());
      const label = await t.app.inject(`/lab/sim/carrier/labels/${masters[0]}.zpl`);
      expect(label.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describePostgres('carrier simulator, two instances on one PostgreSQL database', () => {
  const apps = twoInstancesOnPostgres(SIM);

  it('a shipment created through A is tracked and cancelled through B, and A sees it cancelled', async () => {
    const { a, b } = apps;
    const master = await ship(a, await tokenOf(a));
    const tokenB = await tokenOf(b);
    const tracked = await track(b, tokenB, master);
    expect(tracked.error).toBeUndefined();
    expect(tracked.scanEvents.at(-1).eventType).toBe('OC');
    const cancelled = await cancel(b, tokenB, master);
    expect(cancelled.statusCode).toBe(200);
    const again = await cancel(a, await tokenOf(a), master);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      {
        code: 'SHIPMENT.ALREADY.CANCELLED',
        message: 'The shipment has already been cancelled. Please modify your request and try again.',
      },
    ]);
    expect((await track(a, await tokenOf(a), master)).scanEvents[0].eventType).toBe('CA');
    // B, started with the same seed, does not hand out A's numbers again.
    expect(await ship(b, tokenB)).not.toBe(master);
  });
});

describe('a create whose caller hangs up while its labels render', () => {
  let t: TestApp;
  let base: string;
  /** One per label render begun: it finishes when the test opens its gate. */
  let gates: (() => void)[] = [];
  let nextRender: Promise<void>;
  let renderStarted: () => void;

  const slowRenderer = {
    render: async () => {
      await new Promise<void>((open) => {
        gates.push(open);
        renderStarted();
      });
      return { contentType: 'application/pdf', body: Buffer.from('%PDF-1.4 slow'), cached: false };
    },
  } as unknown as LabServices['labelRenderer'];
  const armRender = () => {
    nextRender = new Promise<void>((resolve) => (renderStarted = resolve));
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite', SIM, {
      modules: labModulesWithServices('labels', { labelRenderer: () => slowRenderer }),
    });
    base = `${await listenLoopback(t.app)}/lab/sim/carrier`;
  });
  afterAll(() => t.close());

  const count = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('carrier_sim_shipments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Starts a PDF create over real HTTP; resolves once its first label render has begun. */
  async function startCreate(signal?: AbortSignal) {
    const token = await tokenOf(t);
    gates = [];
    armRender();
    let socket: Socket | undefined;
    const onRequest = (req: { url?: string; socket: Socket }) => {
      if (req.url?.endsWith('/ship/v1/shipments')) socket = req.socket;
    };
    t.app.server.on('request', onRequest);
    const body = (await twinSample(t.app, 'ship-create')) as Json;
    body.requestedShipment.labelSpecification = { imageType: 'PDF', labelStockType: 'PAPER_4X6' };
    const response = fetch(`${base}/ship/v1/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    }).then(
      (r) => r.status,
      () => 'aborted' as const,
    );
    await nextRender;
    t.app.server.off('request', onRequest);
    return { response, socket: socket! };
  }

  it('is not created when the caller is gone before the labels are drawn', async () => {
    const abort = new AbortController();
    const { response, socket } = await startCreate(abort.signal);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    abort.abort();
    expect(await response).toBe('aborted');
    await closed;
    gates[0]!();
    // The rest of the create is database work: it runs out before the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await count()).toBe(0);
  });

  it('is created when the caller waits for it (the same path, no hang-up)', async () => {
    const { response } = await startCreate();
    gates[0]!();
    expect(await response).toBe(200);
    expect(await count()).toBe(1);
  });
});
