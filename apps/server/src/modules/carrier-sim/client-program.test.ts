/**
 * The carrier twin driven the way a client program drives the carrier (issue 39, "Done when"):
 * plain HTTP over a real socket, the OAuth form, `Authorization: Bearer`, the carrier's paths and
 * bodies, no lab header — under AUTH=off, and under AUTH=basic with twin credentials an
 * administrator issued (refused without them, and once revoked). Each step is one helper of
 * `CarrierClient` (src/test/carrierClient.ts): a new step is one more helper and one more `it`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../http/auth.js';
import {
  addressRequest,
  CarrierClient,
  carrierErrorOf,
  groundRateRequest,
  groundShipRequest,
} from '../../test/carrierClient.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { listenLoopback, rawRequest } from '../../test/http.js';
import { MESSAGES } from './errors.js';

const SANDBOX = '/lab/sim/carrier';
const PRODUCTION = '/lab/sim/carrier/production';
const ADMIN = `Basic ${Buffer.from('admin:s3cret').toString('base64')}`;

/** The steps every client program walks: token, Ground rate, ship, track, address validation, cancel. */
function clientSteps(client: () => CarrierClient) {
  let trackingNumber = '';

  it('gets a bearer token from {base}/oauth/token', async () => {
    const res = await client().requestToken();
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'CXS' });
    expect(res.json().access_token).toMatch(/^sim\./);
    await client().authenticate();
  });

  it('rates FedEx Ground', async () => {
    const res = await client().rate(groundRateRequest());
    expect(res.status, res.text).toBe(200);
    const details = res.json().output.rateReplyDetails as Array<Record<string, any>>;
    expect(details.map((d) => d.serviceType)).toEqual(['FEDEX_GROUND']);
    const charge = details[0]!.ratedShipmentDetails[0].totalNetCharge;
    expect(typeof charge).toBe('number');
    expect(charge).toBeGreaterThan(0);
  });

  it('creates a Ground shipment with a label', async () => {
    const res = await client().ship(groundShipRequest());
    expect(res.status, res.text).toBe(200);
    const shipment = res.json().output.transactionShipments[0];
    expect(shipment.serviceType).toBe('FEDEX_GROUND');
    trackingNumber = shipment.masterTrackingNumber as string;
    expect(trackingNumber).toMatch(/^\d{12}$/);
    expect(shipment.pieceResponses[0].packageDocuments[0].encodedLabel).toEqual(expect.any(String));
  });

  it('tracks the shipment it created', async () => {
    const res = await client().track(trackingNumber);
    expect(res.status, res.text).toBe(200);
    const result = res.json().output.completeTrackResults[0];
    expect(result.trackingNumber).toBe(trackingNumber);
    expect(result.trackResults[0].trackingNumberInfo.trackingNumber).toBe(trackingNumber);
    expect(result.trackResults[0].latestStatusDetail.code).toEqual(expect.any(String));
  });

  it('validates an address', async () => {
    const res = await client().validateAddress(addressRequest());
    expect(res.status, res.text).toBe(200);
    const resolved = res.json().output.resolvedAddresses as unknown[];
    expect(resolved).toHaveLength(1);
  });

  it('cancels the shipment, and a second cancel is refused', async () => {
    const res = await client().cancel(trackingNumber);
    expect(res.status, res.text).toBe(200);
    expect(res.json().output.cancelledShipment).toBe(true);
    const again = await client().cancel(trackingNumber);
    expect(again.status).toBe(400);
    expect(carrierErrorOf(again).message).toBe(MESSAGES.alreadyCancelled);
  });

  it('is refused without a token, in the carrier’s shape', async () => {
    const res = await client().call('/rate/v1/rates/quotes', groundRateRequest(), { token: null });
    expect(res.status).toBe(401);
    expect(carrierErrorOf(res)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.tokenMissing });
  });
}

describe.each(dialectsFor('dialect-neutral'))('a client program against the twin, AUTH=off (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { imported: true, env: { SIM_SEED: '39' } });
    origin = await listenLoopback(t.app);
  });
  afterAll(() => t.close());

  describe('base URL /lab/sim/carrier, any client id and secret', () => {
    let client: CarrierClient;
    beforeAll(() => {
      client = new CarrierClient(origin, SANDBOX, { clientId: 'any-client', clientSecret: 'any-secret' });
    });
    clientSteps(() => client);
  });

  describe('base URL /lab/api/carrier/sandbox (the gateway), Authorization: Bearer passed on', () => {
    let client: CarrierClient;
    beforeAll(() => {
      client = new CarrierClient(origin, '/lab/api/carrier/sandbox', { clientId: 'gw-client', clientSecret: 's' });
    });
    clientSteps(() => client);
  });
});

describe.each(dialectsFor('dialect-neutral'))('a client program against the twin, AUTH=basic (%s)', (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-client-'));
  let t: TestApp;
  let origin: string;

  /** Issues a twin credential as the administrator does on the Simulator screen (signed in to the site). */
  async function issue(environment: 'sandbox' | 'production') {
    const res = await rawRequest(origin, 'POST', '/lab/api/simulator/credentials', {
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ environment, name: `client suite ${environment}` }),
    });
    expect(res.status, res.text).toBe(200);
    return res.json() as { clientId: string; clientSecret: string };
  }

  beforeAll(async () => {
    const file = path.join(dir, 'htpasswd');
    fs.writeFileSync(file, `admin:${bcrypt.hashSync('s3cret', 4)}\n`);
    t = await buildTestApp(
      dialect,
      {},
      { imported: true, env: { SIM_SEED: '39', AUTH: 'basic', AUTH_HTPASSWD_FILE: file } },
    );
    origin = await listenLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('base URL /lab/sim/carrier with a sandbox twin credential', () => {
    let client: CarrierClient;
    beforeAll(async () => {
      client = new CarrierClient(origin, SANDBOX, await issue('sandbox'));
    });
    clientSteps(() => client);
  });

  describe('base URL /lab/sim/carrier/production with a production twin credential', () => {
    let client: CarrierClient;
    beforeAll(async () => {
      client = new CarrierClient(origin, PRODUCTION, await issue('production'));
    });
    clientSteps(() => client);
  });

  it('refuses a token to a client id and secret that are no twin credential', async () => {
    const res = await new CarrierClient(origin, SANDBOX, { clientId: 'any', clientSecret: 'any' }).requestToken();
    expect(res.status).toBe(401);
    expect(carrierErrorOf(res)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.badCredentials });
  });

  it('refuses a credential’s wrong secret, and a sandbox credential on production', async () => {
    const issued = await issue('sandbox');
    const wrong = new CarrierClient(origin, SANDBOX, { ...issued, clientSecret: `${issued.clientSecret}x` });
    expect((await wrong.requestToken()).status).toBe(401);
    const elsewhere = await new CarrierClient(origin, PRODUCTION, issued).requestToken();
    expect(elsewhere.status).toBe(401);
    expect(carrierErrorOf(elsewhere).message).toBe(MESSAGES.badCredentials);
  });

  it('refuses calls without a token, or with the site’s own login, in the carrier’s shape', async () => {
    const client = new CarrierClient(origin, SANDBOX, { clientId: 'x', clientSecret: 'y' });
    const none = await client.call('/rate/v1/rates/quotes', groundRateRequest(), { token: null });
    expect(none.status).toBe(401);
    expect(carrierErrorOf(none)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.tokenMissing });
    const site = await rawRequest(origin, 'POST', `${SANDBOX}/rate/v1/rates/quotes`, {
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify(groundRateRequest()),
    });
    expect(site.status).toBe(401);
    expect(carrierErrorOf(site).code).toBe('NOT.AUTHORIZED.ERROR');
    const upload = await rawRequest(origin, 'POST', '/lab/sim/carrier-documents/documents/v1/etds/upload', {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect(upload.status).toBe(401);
    expect(carrierErrorOf(upload)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.tokenMissing });
  });

  it('opens only the twin with a credential’s token: the rest of the site stays closed', async () => {
    const client = new CarrierClient(origin, SANDBOX, await issue('sandbox'));
    const token = await client.authenticate();
    for (const url of ['/lab/api/config', '/lab/api/simulator/credentials', '/lab/api/simulator/clock']) {
      const res = await rawRequest(origin, 'GET', url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, url).toBe(401);
      expect(res.json(), url).toEqual({ message: AUTH_MESSAGES.basic });
    }
    // The gateway is the site's: a client with only a twin token cannot use it under AUTH=basic.
    const gateway = new CarrierClient(origin, '/lab/api/carrier/sandbox', { clientId: 'x', clientSecret: 'y' });
    const res = await gateway.call('/rate/v1/rates/quotes', groundRateRequest(), { token });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.basic });
  });

  it('refuses a revoked credential: its token on the next call, and any new token', async () => {
    const issued = await issue('sandbox');
    const client = new CarrierClient(origin, SANDBOX, issued);
    await client.authenticate();
    expect((await client.rate(groundRateRequest())).status).toBe(200);
    const revoke = await rawRequest(origin, 'DELETE', `/lab/api/simulator/credentials/${issued.clientId}`, {
      headers: { authorization: ADMIN },
    });
    expect(revoke.status, revoke.text).toBe(200);
    const after = await client.rate(groundRateRequest());
    expect(after.status).toBe(401);
    expect(carrierErrorOf(after)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.tokenMissing });
    const token = await client.requestToken();
    expect(token.status).toBe(401);
    expect(carrierErrorOf(token).message).toBe(MESSAGES.badCredentials);
  });

  it('still serves the signed-in browser through the gateway with any carrier client id', async () => {
    const res = await rawRequest(origin, 'POST', '/lab/api/carrier/sandbox/oauth/token', {
      headers: { authorization: ADMIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=playground&client_secret=anything',
    });
    expect(res.status, res.text).toBe(200);
    const token = res.json().access_token as string;
    const rate = await rawRequest(origin, 'POST', '/lab/api/carrier/sandbox/rate/v1/rates/quotes', {
      headers: {
        authorization: ADMIN,
        'x-upstream-authorization': `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(groundRateRequest()),
    });
    expect(rate.status, rate.text).toBe(200);
    // That token was the site's to use: without the site's login it opens nothing.
    const direct = new CarrierClient(origin, SANDBOX, { clientId: 'playground', clientSecret: 'anything' });
    expect((await direct.call('/rate/v1/rates/quotes', groundRateRequest(), { token })).status).toBe(401);
  });
});
