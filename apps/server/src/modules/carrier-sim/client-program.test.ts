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
import { SAMPLE_ACCOUNT_NUMBER } from '@lab/core/carrier';
import type { SimShipment } from '@lab/core/contract';
import { zoneOffsetMinutes } from '@lab/core/time';
import {
  addressRequest,
  CarrierClient,
  carrierErrorOf,
  CLIENT_REFERENCE,
  groundRateRequest,
  groundShipRequest,
  smartPostRateRequest,
} from '../../test/carrierClient.js';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';
import { listenLoopback, rawRequest } from '../../test/http.js';
import { MESSAGES } from './errors.js';

const SANDBOX = '/lab/sim/carrier';
const PRODUCTION = '/lab/sim/carrier/production';
const ADMIN = `Basic ${Buffer.from('admin:s3cret').toString('base64')}`;

/**
 * What the test harness does as the lab's operator (never the client): reads a shipment's plan and
 * moves the environment's clock, through the lab API with the site's login when AUTH asks for one.
 */
class Operator {
  constructor(
    readonly origin: string,
    readonly environment: 'sandbox' | 'production',
    readonly headers: Record<string, string> = {},
  ) {}

  /** The twin's clock now (ISO-8601 UTC). */
  async now(): Promise<string> {
    const res = await rawRequest(this.origin, 'GET', `/lab/api/simulator/clock?environment=${this.environment}`, {
      headers: this.headers,
    });
    expect(res.status, res.text).toBe(200);
    return res.json().now as string;
  }

  /** A shipment's plan as the Simulator screen shows it (every event with its UTC time). */
  async shipment(trackingNumber: string): Promise<SimShipment> {
    const res = await rawRequest(
      this.origin,
      'GET',
      `/lab/api/simulator/shipments?environment=${this.environment}&limit=50`,
      { headers: this.headers },
    );
    expect(res.status, res.text).toBe(200);
    const found = (res.json().shipments as SimShipment[]).find((s) => s.trackingNumber === trackingNumber);
    if (!found) throw new Error(`no shipment ${trackingNumber} in ${res.text.slice(0, 500)}`);
    return found;
  }

  /** Moves the clock to `until` (an instant not before now). */
  async advanceUntil(until: string): Promise<void> {
    const res = await rawRequest(this.origin, 'POST', '/lab/api/simulator/clock', {
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ until, environment: this.environment }),
    });
    expect(res.status, res.text).toBe(200);
  }
}

/** A place's zone as our city data puts it, for the dates the client reads. */
const ZONES: Record<string, string> = { MEMPHIS: 'America/Chicago', 'BEVERLY HILLS': 'America/Los_Angeles' };

/** `instant` as `zone`'s local time with its offset, computed here independently of the twin (Intl). */
function localWithOffset(instant: number, zone: string): string {
  const offset = zoneOffsetMinutes(zone, instant);
  const sign = offset < 0 ? '-' : '+';
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  return `${new Date(instant + offset * 60_000).toISOString().slice(0, 19)}${sign}${hhmm}`;
}

/**
 * The steps every client program walks: token, rate (Ground, SmartPost), ship, follow the label
 * URL, track (every field a client reads), Ground End of Day Close, address validation, cancel.
 */
function clientSteps(
  client: () => CarrierClient,
  operator: () => Operator,
  { authOff, gateway = false }: { authOff: boolean; gateway?: boolean },
) {
  let trackingNumber = '';
  let pieces: string[] = [];
  /** The twin's today, as the operator's clock reads it: the day a client dates its shipment. */
  const twinToday = async () => (await operator().now()).slice(0, 10);

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

  it('rates SmartPost (Ground Economy) on a US lane', async () => {
    const res = await client().rate(smartPostRateRequest());
    expect(res.status, res.text).toBe(200);
    const details = res.json().output.rateReplyDetails as Array<Record<string, any>>;
    expect(details.map((d) => [d.serviceType, d.serviceName])).toEqual([['SMART_POST', 'FedEx Ground® Economy']]);
    const rated = details[0]!.ratedShipmentDetails[0];
    expect(rated.totalNetCharge).toBeGreaterThan(0);
    expect(rated.shipmentRateDetail.totalBillingWeight).toEqual({ units: 'LB', value: 12 });
  });

  it('creates a Ground shipment of two packages with labels', async () => {
    const res = await client().ship(groundShipRequest(await twinToday()));
    expect(res.status, res.text).toBe(200);
    const shipment = res.json().output.transactionShipments[0];
    expect(shipment.serviceType).toBe('FEDEX_GROUND');
    trackingNumber = shipment.masterTrackingNumber as string;
    expect(trackingNumber).toMatch(/^\d{12}$/);
    pieces = (shipment.pieceResponses as Array<Record<string, any>>).map((p) => p.trackingNumber as string);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]).toBe(trackingNumber);
    for (const piece of shipment.pieceResponses) {
      const label = Buffer.from(piece.packageDocuments[0].encodedLabel as string, 'base64').toString();
      expect(label).toContain(`^FD>;${piece.trackingNumber as string}^FS`);
    }
  });

  it('follows a URL_ONLY label link with its bearer token', async () => {
    const body = groundShipRequest(await twinToday());
    body.labelResponseOptions = 'URL_ONLY';
    const res = await client().ship(body);
    expect(res.status, res.text).toBe(200);
    const piece = res.json().output.transactionShipments[0].pieceResponses[0];
    const url = piece.packageDocuments[0].url as string;
    // Below the base URL the client was given, on the origin it called.
    expect(url).toBe(`${client().origin}${client().basePath}/labels/${piece.trackingNumber as string}.zpl`);
    const label = await client().fetchLink(url);
    expect(label.status, label.text).toBe(200);
    expect(label.headers['content-type']).toBe('application/zpl');
    expect(label.text).toContain(`^FD>;${piece.trackingNumber as string}^FS`);
    // Under AUTH=off the site is open to anyone; otherwise the link needs the token, as every twin call does.
    const without = await client().fetchLink(url, { token: null });
    if (authOff) expect(without.status).toBe(200);
    else expect(carrierErrorOf(without)).toEqual({ code: 'NOT.AUTHORIZED.ERROR', message: MESSAGES.tokenMissing });
  });

  it('tracks the shipment in transit: every field a client reads', async () => {
    const plan = await operator().shipment(trackingNumber);
    const departed = plan.events.find((e) => e.eventType === 'DP')!;
    const delivery = plan.events.find((e) => e.eventType === 'DL')!;
    await operator().advanceUntil(departed.at);
    const res = await client().track(trackingNumber);
    expect(res.status, res.text).toBe(200);
    const complete = res.json().output.completeTrackResults[0];
    expect(complete.trackingNumber).toBe(trackingNumber);
    const result = complete.trackResults[0];
    const uniqueId = `12029~${trackingNumber}~FDEG`;
    expect(result.trackingNumberInfo).toEqual({
      trackingNumber,
      carrierCode: 'FDXG',
      trackingNumberUniqueId: uniqueId,
    });
    expect(result.latestStatusDetail).toMatchObject({ code: 'IT', derivedCode: 'IT', statusByLocale: 'In transit' });
    expect(result.latestStatusDetail.description).toBe('In Transit');
    expect(result.serviceDetail).toMatchObject({ type: 'FEDEX_GROUND', shortDescription: 'FG' });
    expect(result.packageDetails).toEqual({
      packagingDescription: { type: 'YOUR_PACKAGING', description: 'Your Packaging' },
      sequenceNumber: '1',
      count: '2',
      weightAndDimensions: {
        weight: [{ unit: 'LB', value: '12' }],
        dimensions: [{ length: 12, width: 10, height: 8, units: 'IN' }],
      },
    });
    expect(result.additionalTrackingInfo).toEqual({
      hasAssociatedShipments: true,
      packageIdentifiers: [{ type: 'CUSTOMER_REFERENCE', value: [CLIENT_REFERENCE], trackingNumberUniqueId: uniqueId }],
    });
    expect(result.shipperInformation.address).toEqual({
      streetLines: ['3610 Hacks Cross Rd'],
      city: 'MEMPHIS',
      stateOrProvinceCode: 'TN',
      postalCode: '38125',
      countryCode: 'US',
    });
    expect(result.recipientInformation.address).toEqual({
      streetLines: ['9465 Wilshire Blvd'],
      city: 'BEVERLY HILLS',
      stateOrProvinceCode: 'CA',
      postalCode: '90212',
      countryCode: 'US',
    });
    // Each scan's date in its location's local time with that zone's offset then (Memphis: Central time).
    const events = result.scanEvents as Array<Record<string, any>>;
    expect(events.map((e) => e.eventType)).toEqual(['DP', 'PU', 'OC']);
    const due = plan.events.filter((e) => Date.parse(e.at) <= Date.parse(departed.at)).reverse();
    expect(events.map((e) => e.date)).toEqual(
      due.map((e) => localWithOffset(Date.parse(e.at), ZONES[e.location.city.toUpperCase()]!)),
    );
    expect(events[0]!.scanLocation).toMatchObject({ city: 'MEMPHIS', stateOrProvinceCode: 'TN', countryCode: 'US' });
    // Ground commits to no time: an estimated delivery and its window, on the delivery's local date in Beverly Hills.
    const deliveryDay = localWithOffset(Date.parse(delivery.at), ZONES['BEVERLY HILLS']!).slice(0, 10);
    const window = result.estimatedDeliveryTimeWindow;
    expect(window.type).toBe('ESTIMATED_DELIVERY');
    expect(window.window.begins.slice(0, 19)).toBe(`${deliveryDay}T08:00:00`);
    expect(window.window.ends.slice(0, 19)).toBe(`${deliveryDay}T20:00:00`);
    for (const edge of [window.window.begins, window.window.ends] as string[]) {
      expect(edge).toBe(localWithOffset(Date.parse(edge), 'America/Los_Angeles'));
    }
    const dates = Object.fromEntries(
      (result.dateAndTimes as Array<{ type: string; dateTime: string }>).map((d) => [d.type, d.dateTime]),
    );
    expect(dates.ESTIMATED_DELIVERY).toBe(window.window.ends);
    expect(dates.ACTUAL_PICKUP).toBe(events[1]!.date);
    expect(dates.SHIP).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00-0[56]:00$/);
  });

  it("closes the day's Ground shipments (End of Day), once", async () => {
    const today = await twinToday();
    if (gateway) {
      // The gateway is the playground's path, and the playground keeps End of Day disabled (the spec's catalogue).
      const res = await client().endOfDay(today);
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ message: 'PUT /ship/v1/endofday/ is not a carrier endpoint the gateway forwards' });
      return;
    }
    const shipped = await client().ship(groundShipRequest(today));
    expect(shipped.status, shipped.text).toBe(200);
    const master = shipped.json().output.transactionShipments[0].masterTrackingNumber as string;
    const res = await client().endOfDay(today);
    expect(res.status, res.text).toBe(200);
    const [doc] = res.json().output.closeDocuments;
    expect(doc).toMatchObject({ type: 'MANIFEST', shippingDocumentDisposition: 'CONFIRMED' });
    const manifest = Buffer.from(doc.parts[0].image as string, 'base64').toString();
    expect(manifest).toContain(`ACCOUNT ${SAMPLE_ACCOUNT_NUMBER}   SHIP DATE ${today}`);
    expect(manifest).toContain(`  ${master}  FEDEX_GROUND`);
    const again = await client().endOfDay(today);
    expect(again.status, again.text).toBe(200);
    expect(again.json().output.alerts).toEqual([
      {
        code: 'NO.SHIPMENTS.TO.CLOSE',
        alertType: 'NOTE',
        message: `There are no open Ground shipments with ship date ${today} to close.`,
      },
    ]);
  });

  it('validates an address', async () => {
    const res = await client().validateAddress(addressRequest());
    expect(res.status, res.text).toBe(200);
    const resolved = res.json().output.resolvedAddresses as Array<Record<string, any>>;
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({
      streetLinesToken: ['3610 HACKS CROSS RD'],
      city: 'MEMPHIS',
      stateOrProvinceCode: 'TN',
      countryCode: 'US',
    });
    expect(resolved[0]).toMatchObject({
      customerMessage: [],
      parsedPostalCode: { base: '38125' },
      attributes: { Resolved: true, DPV: true, AddressType: 'STANDARDIZED', StreetAddress: true },
    });
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
    clientSteps(
      () => client,
      () => new Operator(origin, 'sandbox'),
      { authOff: true },
    );
  });

  describe('base URL /lab/api/carrier/sandbox (the gateway), Authorization: Bearer passed on', () => {
    let client: CarrierClient;
    beforeAll(() => {
      client = new CarrierClient(origin, '/lab/api/carrier/sandbox', { clientId: 'gw-client', clientSecret: 's' });
    });
    clientSteps(
      () => client,
      () => new Operator(origin, 'sandbox'),
      { authOff: true, gateway: true },
    );
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
    clientSteps(
      () => client,
      () => new Operator(origin, 'sandbox', { authorization: ADMIN }),
      { authOff: false },
    );
  });

  describe('base URL /lab/sim/carrier/production with a production twin credential', () => {
    let client: CarrierClient;
    beforeAll(async () => {
      client = new CarrierClient(origin, PRODUCTION, await issue('production'));
    });
    clientSteps(
      () => client,
      () => new Operator(origin, 'production', { authorization: ADMIN }),
      { authOff: false },
    );
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
