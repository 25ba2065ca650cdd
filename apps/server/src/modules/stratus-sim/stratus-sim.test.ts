import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@lab/core/labels';
import { isValidExpressTracking } from '@lab/core/shipping';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { rawRequest } from '../../test/http.js';
import { errorLabelZpl, STRATUS_MESSAGES, StratusSimulator } from './service.js';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const TOKEN_PATH = '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob';
const fromBase64 = (data: string) => Buffer.from(data, 'base64');

// Dialect-neutral: the Stratus simulator keeps its state in memory; no SQL of its own.
describe.each(dialectsFor('dialect-neutral'))('Stratus simulator through the gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    // A cold PDF render (first render thread) can take seconds on a busy machine: a roomy timeout.
    t = await buildTestApp(
      dialect,
      { gatewayStratusTimeoutMs: 60_000 },
      { env: { SIM_SEED: '42', STRATUS_SIM_PENDING_POLLS: '2' } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const token = await rawRequest(base, 'POST', TOKEN_PATH, {
      headers: { 'x-upstream-authorization': basic('key', 'secret') },
    });
    auth = { 'x-upstream-authorization': `Bearer ${token.json().access_token}`, 'x-api-key': 'api-key-1' };
  });
  afterAll(() => t?.close());

  const order = async (transaction: string) => {
    const res = await rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ProjetId: randomUUID(), Transaction: transaction }),
    });
    expect(res.status).toBe(200);
    return res.json().Id as string;
  };
  const poll = async (id: string) => {
    const res = await rawRequest(base, 'GET', `/lab/api/stratus/stratus/v1/order/${id}`, { headers: auth });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('issues tokens for Basic credentials and refuses the documented failing pair', async () => {
    const ok = await rawRequest(base, 'POST', TOKEN_PATH, { headers: { 'x-upstream-authorization': basic('k', 's') } });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3300, scope: 'oob' });
    expect(ok.json().access_token).toMatch(/^[0-9a-f]{40}$/);
    const bad = await rawRequest(base, 'POST', TOKEN_PATH, {
      headers: { 'x-upstream-authorization': basic('k', 'invalid') },
    });
    expect(bad.status).toBe(401);
    expect(bad.json()).toEqual({ error: 'invalid_client', error_description: STRATUS_MESSAGES.badClient });
    const none = await rawRequest(base, 'POST', TOKEN_PATH, {});
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
    const id = await order('0,"020"116,"3"187,"ZEBRA"99,""');
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
    const id = await order('0,"020"187,"DIB"99,""');
    await poll(id);
    await poll(id);
    const done = await poll(id);
    expect(done.State).toBe('COMPLETED');
    expect(done.Packages).toHaveLength(1);
    expect(done.Labels).toHaveLength(1);
    expect(done.Labels[0].ImageType).toBe('PDF');
    expect(fromBase64(done.Labels[0].Data).subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);

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
    const body = JSON.stringify({ ProjetId: randomUUID(), Transaction: '187,"ZEBRA"99,""' });
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
  const make = (seed: number, now = () => Date.UTC(2026, 10, 22)) =>
    new StratusSimulator({
      random: seededRandom(seed),
      pendingPolls: 0,
      renderPdf: async () => Buffer.from('%PDF-'),
      now,
    });

  it('is deterministic for a seed', async () => {
    const run = async (sim: StratusSimulator) => {
      const token = sim.issueToken(basic('a', 'b'), 'client_credentials', 'oob').access_token;
      const { Id } = sim.createOrder({ ProjetId: randomUUID(), Transaction: '116,"2"187,"ZEBRA"99,""' });
      return { token, Id, order: await sim.pollOrder(Id) };
    };
    const a = await run(make(7));
    const b = await run(make(7));
    expect(a).toEqual(b);
    expect((await run(make(8))).Id).not.toBe(a.Id);
  });

  it('expires tokens after 3300 s', () => {
    let now = 0;
    const sim = make(1, () => now);
    const token = sim.issueToken(basic('a', 'b'), 'client_credentials', 'oob').access_token;
    expect(() => sim.authorize(`Bearer ${token}`, 'k')).not.toThrow();
    now = 3_299_999;
    expect(() => sim.authorize(`Bearer ${token}`, 'k')).not.toThrow();
    now = 3_300_000;
    expect(() => sim.authorize(`Bearer ${token}`, 'k')).toThrow(STRATUS_MESSAGES.noBearer);
  });

  it("renders an order's PDF labels for the client key its token was issued to (its line in the render pool)", async () => {
    const owners: string[] = [];
    const sim = new StratusSimulator({
      random: seededRandom(5),
      pendingPolls: 0,
      renderPdf: async (_zpl, owner) => (owners.push(owner), Buffer.from('%PDF-')),
    });
    const token = sim.issueToken(basic('acme-key', 'b'), 'client_credentials', 'oob').access_token;
    const owner = sim.authorize(`Bearer ${token}`, undefined, false);
    expect(owner).toBe('acme-key');
    const { Id } = sim.createOrder({ ProjetId: randomUUID(), Transaction: '116,"2"187,"DIB"99,""' }, owner);
    expect((await sim.pollOrder(Id))!.State).toBe('COMPLETED');
    expect(owners).toEqual(['acme-key', 'acme-key']);
  });

  it('tells the pending poll count from its setting', async () => {
    const sim = new StratusSimulator({
      random: seededRandom(3),
      pendingPolls: 4,
      renderPdf: async () => Buffer.alloc(0),
    });
    const { Id } = sim.createOrder({ ProjetId: randomUUID(), Transaction: '187,"ZEBRA"99,""' });
    const states = [];
    for (let i = 0; i < 6; i++) states.push((await sim.pollOrder(Id))!.State);
    expect(states).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'COMPLETED', 'COMPLETED']);
  });
});
