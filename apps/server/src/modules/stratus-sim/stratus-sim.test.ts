import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeShipmentData } from '@lab/core/carrier/label';
import { seededRandom } from '@lab/core/labels';
import { extractZplData, lintZpl } from '@lab/core/labels/zpl';
import { isValidExpressTracking } from '@lab/core/shipping';
import {
  buildLabApp,
  dialectsFor,
  freshDatabaseConfig,
  freshDb,
  loadLabConfig,
  type TestApp,
} from '../../test/helpers.js';
import { rawRequest } from '../../test/http.js';
import {
  basicAuth,
  postStratusOrder,
  STRATUS_TOKEN_PATH,
  stratusAuth,
  stratusOnLoopback,
} from '../../test/simulators.js';
import { stratusSample } from '../../test/stratusSample.js';
import { StratusOrderRepo } from './repo.js';
import { errorLabelZpl, STRATUS_MESSAGES, StratusSimulator } from './service.js';

const sample = stratusSample;

/** The printed text fields of a base64 ZPL label. */
const printed = (data: string) =>
  extractZplData(Buffer.from(data, 'base64').toString('utf8'))[0]!.fields.map((f) => f.data);

const fromBase64 = (data: string) => Buffer.from(data, 'base64');

// Dialect-neutral: the calls through the gateway; the orders' SQL is covered on both dialects below.
describe.each(dialectsFor('dialect-neutral'))('Stratus simulator through the gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ({ t, base } = await stratusOnLoopback(dialect, { SIM_SEED: '42', STRATUS_SIM_PENDING_POLLS: '2' }));
    auth = await stratusAuth(base, { key: 'key', secret: 'secret', apiKey: 'api-key-1' });
  });
  afterAll(() => t?.close());

  const order = async (transaction: string) => {
    const res = await postStratusOrder(base, auth, transaction);
    expect(res.status).toBe(200);
    return res.json().Id as string;
  };
  const poll = async (id: string) => {
    const res = await rawRequest(base, 'GET', `/lab/api/stratus/stratus/v1/order/${id}`, { headers: auth });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('issues tokens for Basic credentials and refuses the documented failing pair', async () => {
    const ok = await rawRequest(base, 'POST', STRATUS_TOKEN_PATH, {
      headers: { 'x-upstream-authorization': basicAuth('k', 's') },
    });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3300, scope: 'oob' });
    expect(ok.json().access_token).toMatch(/^[0-9a-f]{40}$/);
    const bad = await rawRequest(base, 'POST', STRATUS_TOKEN_PATH, {
      headers: { 'x-upstream-authorization': basicAuth('k', 'invalid') },
    });
    expect(bad.status).toBe(401);
    expect(bad.json()).toEqual({ error: 'invalid_client', error_description: STRATUS_MESSAGES.badClient });
    const none = await rawRequest(base, 'POST', STRATUS_TOKEN_PATH, {});
    expect(none.status).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_client', error_description: STRATUS_MESSAGES.noBasic });
  });

  it('greets with a bearer token and an api key', async () => {
    const res = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/greet', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ Id: expect.stringMatching(/^[0-9a-f-]{36}$/), Purpose: STRATUS_MESSAGES.purpose });
    const noKey = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/greet', {
      headers: { 'x-upstream-authorization': auth['x-upstream-authorization']! },
    });
    expect(noKey.status).toBe(401);
    expect(noKey.json()).toEqual({ Message: STRATUS_MESSAGES.noApiKey });
    const noToken = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/greet', {
      headers: { 'x-upstream-authorization': 'Bearer nope', 'x-api-key': 'k' },
    });
    expect(noToken.status).toBe(401);
    expect(noToken.json()).toEqual({ Message: STRATUS_MESSAGES.noBearer });
  });

  it('validates the order: ProjetId, transaction format and the 99 end field', async () => {
    const post = (body: unknown) =>
      rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', {
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ ProjetId: 'nope', Transaction: '0,"020"99,""' })).json()).toEqual({
      Message: STRATUS_MESSAGES.projet,
    });
    expect((await post({ ProjetId: randomUUID() })).json()).toEqual({ Message: STRATUS_MESSAGES.transaction });
    const format = await post({ ProjetId: randomUUID(), Transaction: '0,"020"x' });
    expect(format.status).toBe(400);
    expect(format.json()).toEqual({ Message: 'Transaction: format incorrect at 7: expected a field id (1-4 digits)' });
    expect((await post({ ProjetId: randomUUID(), Transaction: '0,"020"187,"ZEBRA"' })).json()).toEqual({
      Message: STRATUS_MESSAGES.endField,
    });
    expect((await post([1])).json()).toEqual({ Message: STRATUS_MESSAGES.body });
  });

  it('answers PENDING for the first polls, then COMPLETED with ZPL labels and one tracking number per package', async () => {
    const id = await order(sample('ZEBRA', '116,"3"'));
    expect(await poll(id)).toEqual({ Id: id, State: 'PENDING', Labels: [], Packages: [], Documents: [] });
    expect((await poll(id)).State).toBe('PENDING');
    const done = await poll(id);
    expect(done.State).toBe('COMPLETED');
    expect(done.Packages.map((p: { PackageNumber: number }) => p.PackageNumber)).toEqual([1, 2, 3]);
    for (const p of done.Packages) expect(isValidExpressTracking(p.TrackingNumber)).toBe(true);
    expect(done.Labels).toHaveLength(3);
    done.Labels.forEach((label: { ImageType: string; Data: string }, i: number) => {
      expect(label.ImageType).toBe('ZPL');
      const zpl = fromBase64(label.Data).toString('utf8');
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl).toContain(done.Packages[i].TrackingNumber);
    });
    expect(done.Documents).toEqual([]);
    // Settled orders stay settled.
    expect(await poll(id)).toEqual(done);
  });

  it('renders PDF labels when field 187 is DIB', async () => {
    const id = await order(sample('DIB'));
    expect((await poll(id)).State).toBe('PENDING');
    expect((await poll(id)).State).toBe('PENDING');
    // Past its pending polls the order stays PENDING while its PDF renders (each such poll waits
    // up to RENDER_WAIT_MS for it), as a client sees Stratus work: poll on, as the screen does.
    let done = await poll(id);
    for (let polls = 0; done.State === 'PENDING' && polls < 20; polls++) done = await poll(id);
    expect(done.State).toBe('COMPLETED');
    expect(done.Packages).toHaveLength(1);
    expect(done.Labels).toHaveLength(1);
    expect(done.Labels[0].ImageType).toBe('PDF');
    expect(fromBase64(done.Labels[0].Data).subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);

  it('answers FAILED with one error label when the rules reject the transaction', async () => {
    const id = await order('0,"020"116,"abc"187,"ZEBRA"99,""');
    await poll(id);
    await poll(id);
    const failed = await poll(id);
    expect(failed).toEqual({
      Id: id,
      State: 'FAILED',
      Labels: [
        {
          ImageType: 'ZPL',
          Data: Buffer.from(
            errorLabelZpl('field 116 (package count) must be a whole number from 1 to 99, got "abc"'),
          ).toString('base64'),
        },
      ],
      Packages: [],
      Documents: [],
      Message: 'field 116 (package count) must be a whole number from 1 to 99, got "abc"',
    });
    const noPrinter = await order('0,"020"99,""');
    await poll(noPrinter);
    await poll(noPrinter);
    const failed2 = await poll(noPrinter);
    expect(failed2.State).toBe('FAILED');
    expect(fromBase64(failed2.Labels[0].Data).toString()).toContain('field 187 (label printer type) is missing');
  });

  it('takes orders with a bearer token alone, but refuses the failing api key', async () => {
    const bearer = {
      'x-upstream-authorization': auth['x-upstream-authorization']!,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ ProjetId: randomUUID(), Transaction: sample('ZEBRA') });
    const ok = await rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', { headers: bearer, body });
    expect(ok.status).toBe(200);
    const bad = await rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', {
      headers: { ...bearer, 'x-api-key': 'invalid' },
      body,
    });
    expect(bad.status).toBe(401);
    expect(bad.json()).toEqual({ Message: STRATUS_MESSAGES.noApiKey });
    const none = await rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', {
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(none.status).toBe(401);
    expect(none.json()).toEqual({ Message: STRATUS_MESSAGES.noBearer });
  });

  it('answers 404 for an unknown order', async () => {
    const res = await rawRequest(base, 'GET', '/lab/api/stratus/stratus/v1/order/unknown-order', { headers: auth });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ Message: 'Order unknown-order was not found' });
  });
});

describe('Stratus simulator service', () => {
  // Each simulator gets its own fresh SQLite database (orders live there).
  const drops: (() => Promise<void>)[] = [];
  const repo = async (): Promise<StratusOrderRepo> => {
    const { db, drop } = await freshDb('sqlite');
    drops.push(drop);
    return new StratusOrderRepo(db);
  };
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  const make = async (seed: number, now = () => Date.UTC(2026, 10, 22)) =>
    new StratusSimulator({
      random: seededRandom(seed),
      repo: await repo(),
      pendingPolls: 0,
      renderPdf: async () => Buffer.from('%PDF-'),
      now,
    });

  it('is deterministic for a seed', async () => {
    const run = async (sim: StratusSimulator) => {
      const token = (await sim.issueToken(basicAuth('a', 'b'), 'client_credentials', 'oob')).access_token;
      const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: sample('ZEBRA', '116,"2"') });
      return { token, Id, order: await sim.pollOrder(Id) };
    };
    const a = await run(await make(7));
    const b = await run(await make(7));
    expect(a).toEqual(b);
    expect(a.order!.State).toBe('COMPLETED');
    expect((await run(await make(8))).Id).not.toBe(a.Id);
  });

  it('expires tokens after 3300 s', async () => {
    let now = 0;
    const sim = await make(1, () => now);
    const token = (await sim.issueToken(basicAuth('a', 'b'), 'client_credentials', 'oob')).access_token;
    expect(await sim.authorize(`Bearer ${token}`, 'k')).toBe('a');
    now = 3_299_999;
    expect(await sim.authorize(`Bearer ${token}`, 'k')).toBe('a');
    now = 3_300_000;
    await expect(sim.authorize(`Bearer ${token}`, 'k')).rejects.toThrow(STRATUS_MESSAGES.noBearer);
  });

  it("renders an order's PDF labels for the client key its token was issued to (its line in the render pool)", async () => {
    const owners: string[] = [];
    const sim = new StratusSimulator({
      random: seededRandom(5),
      repo: await repo(),
      pendingPolls: 0,
      renderPdf: async (_zpl, owner) => (owners.push(owner), Buffer.from('%PDF-')),
    });
    const token = (await sim.issueToken(basicAuth('acme-key', 'b'), 'client_credentials', 'oob')).access_token;
    const owner = await sim.authorize(`Bearer ${token}`, undefined, false);
    expect(owner).toBe('acme-key');
    const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: sample('DIB', '116,"2"') }, owner);
    expect((await sim.pollOrder(Id))!.State).toBe('COMPLETED');
    expect(owners).toEqual(['acme-key', 'acme-key']);
  });

  it('lets a poll wait for a PDF label still rendering, then answers it', async () => {
    let finish: (pdf: Buffer) => void = () => {};
    let started: () => void = () => {};
    const rendering = new Promise<void>((resolve) => (started = resolve));
    const sim = new StratusSimulator({
      random: seededRandom(6),
      repo: await repo(),
      pendingPolls: 0,
      renderPdf: () =>
        new Promise<Buffer>((resolve) => {
          finish = resolve;
          started();
        }),
    });
    const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: sample('DIB') });
    const waiting = sim.pollOrder(Id);
    await rendering;
    finish(Buffer.from('%PDF-1.7'));
    expect((await waiting)!.State).toBe('COMPLETED');
    expect((await sim.pollOrder(Id))!.Labels).toEqual([
      { ImageType: 'PDF', Data: Buffer.from('%PDF-1.7').toString('base64') },
    ]);
  });

  it('tells the pending poll count from its setting', async () => {
    const sim = new StratusSimulator({
      random: seededRandom(3),
      repo: await repo(),
      pendingPolls: 4,
      renderPdf: async () => Buffer.alloc(0),
    });
    const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: sample('ZEBRA') });
    const states = [];
    for (let i = 0; i < 6; i++) states.push((await sim.pollOrder(Id))!.State);
    expect(states).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'COMPLETED', 'COMPLETED']);
  });

  it("draws each package's label from the transaction: the Paris PA shipper to Italy, the same on package 2", async () => {
    const sim = await make(9);
    const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: sample('ZEBRA', '116,"2"21-2,"4.5"') });
    const done = (await sim.pollOrder(Id))!;
    expect(done.State).toBe('COMPLETED');
    expect(done.Packages.map((p) => p.PackageNumber)).toEqual([1, 2]);
    const labels = done.Labels.map((l) => Buffer.from(l.Data, 'base64').toString('utf8'));
    labels.forEach((zpl, i) => {
      expect(lintZpl(zpl)).toEqual([]);
      const fields = printed(done.Labels[i]!.Data);
      // Shipper (4, 5, 7, 8, 9, 117) and recipient (11, 12, 13, 15, 17, 50) as the transaction gives them.
      expect(fields).toEqual(
        expect.arrayContaining([
          'Shipper Name',
          'Shipper Address #1',
          'Shipper Address #2',
          'Paris PA 19406',
          'Recipient Contact Name',
          'Recipient Company Name',
          '660 American Ave',
          '3rd Floor',
          'North York',
          '20122 (IT)',
          'REF: GlobalIntl#1 / Reference Notes',
          'INTERNATIONAL PRIORITY',
          '01',
          `${i + 1} OF 2`,
          done.Packages[i]!.TrackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
        ]),
      );
      expect(fields).toContain(i === 0 ? 'ACTWGT: 15 LB' : 'ACTWGT: 4.5 LB');
      const symbol = extractZplData(zpl)[0]!.fields.find((f) => f.symbology === 'PDF417')!;
      expect(decodeShipmentData(symbol.data)).toMatchObject({
        trackingNumber: done.Packages[i]!.TrackingNumber,
        serviceCode: '01',
        package: `${i + 1}/2`,
        originCountry: 'US',
        destinationCountry: 'IT',
        destinationPostalCode: '20122',
        recipientName: 'Recipient Contact Name',
      });
    });
  });

  it('fails a transaction that lacks what Stratus needs, naming those fields', async () => {
    const sim = await make(4);
    const settle = async (transaction: string) => {
      const { Id } = await sim.createOrder({ ProjetId: randomUUID(), Transaction: transaction });
      return (await sim.pollOrder(Id))!;
    };
    const bare = await settle('0,"020"1,"bad one"187,"ZEBRA"99,""');
    const missing =
      'missing required fields: field 4 or field 32 (sender company or contact name), field 5 (sender address line 1), ' +
      'field 7 (sender city), field 9 (sender postal code), field 117 (sender country code), ' +
      'field 11 or field 12 (recipient company or contact name), field 13 (recipient address line 1), ' +
      'field 15 (recipient city), field 17 (recipient postal code), field 50 (recipient country), ' +
      'field 1274 (service type), field 21 (package weight)';
    expect(bare).toEqual({
      Id: bare.Id,
      State: 'FAILED',
      Labels: [{ ImageType: 'ZPL', Data: Buffer.from(errorLabelZpl(missing)).toString('base64') }],
      Packages: [],
      Documents: [],
      Message: missing,
    });
    const noWeight2 = await settle(sample('ZEBRA', '116,"2"').replace('21,"15"', '21-1,"15"'));
    expect(noWeight2.Message).toBe('missing required field: field 21-2 (package 2 weight, or field 21)');
    const usNoState = await settle(sample('ZEBRA').replace('50,"IT"', '50,"US"'));
    expect(usNoState.Message).toBe('missing required field: field 16 (recipient state, required for US)');
    const ground = await settle(sample('ZEBRA').replace('1274,"01"', '1274,"92"'));
    expect(ground.Message).toBe('field 1274 (service type) "92" is not an international service code');
  });
});

// Orders are rows of the module's own tables: the same migration on SQLite and PostgreSQL.
describe.each(dialectsFor('dialect-sensitive'))('Stratus orders in the database (%s)', (dialect) => {
  it('keeps an order and its labels across a restart', async () => {
    const { config: database, drop } = await freshDatabaseConfig(dialect);
    const config = loadLabConfig({ SIM_SEED: '5', STRATUS_SIM_PENDING_POLLS: '1' }, { database });
    const start = async () => {
      const app = await buildLabApp(config, { simulatorsOnly: true });
      const token = await app.inject({
        method: 'POST',
        url: '/lab/sim/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob',
        headers: { authorization: basicAuth('restart-key', 'secret') },
      });
      const auth = { authorization: `Bearer ${token.json().access_token}`, 'x-api-key': 'k' };
      return { app, auth };
    };
    try {
      const first = await start();
      const created = await first.app.inject({
        method: 'POST',
        url: '/lab/sim/stratus/stratus/v1/order',
        headers: first.auth,
        payload: { ProjetId: randomUUID(), Transaction: sample('ZEBRA', '116,"2"') },
      });
      const id = created.json().Id as string;
      const poll = (s: Awaited<ReturnType<typeof start>>) =>
        s.app.inject({ method: 'GET', url: `/lab/sim/stratus/stratus/v1/order/${id}`, headers: s.auth });
      expect((await poll(first)).json().State).toBe('PENDING');
      await first.app.close();

      const second = await start();
      const after = (await poll(second)).json();
      expect(after.State).toBe('COMPLETED');
      expect(after.Packages).toHaveLength(2);
      expect(printed(after.Labels[1].Data)).toEqual(expect.arrayContaining(['Shipper Name', 'North York', '2 OF 2']));
      expect((await poll(second)).json()).toEqual(after);
      await second.app.close();
    } finally {
      await drop();
    }
  });
});
