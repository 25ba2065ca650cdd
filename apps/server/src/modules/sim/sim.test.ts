import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecurityToken } from '@lab/core/webhooks';
import { isValidExpressTracking } from '@lab/core/shipping';
import { defaultSample } from '@lab/core/carrier';
import { servicesOf } from '../../app.js';
import { runLab, dialectsFor, type TestApp } from '../../test/helpers.js';
import { closedPort, rawRequest } from '../../test/http.js';
import { gatewayToken, postStratusOrder, stratusAuth, stratusOnLoopback } from '../../test/simulators.js';
import { stratusSample } from '../../test/stratusSample.js';
import { signatureCheck, storedWebhooks, webhooksArrive } from './testInspector.js';
import { SIM_SCAN_EVENTS } from './webhooks.js';

describe('lab sim webhooks', () => {
  it('refuses bad webhook arguments', async () => {
    const bad = await runLab(['sim', 'webhooks', '--to', 'ftp://x', '--token', 't', '--tracking', '794953535000']);
    expect(bad.code).toBe(2);
    expect(bad.err).toEqual(['lab: --to must be an http(s) URL, got ftp://x']);
    const events = await runLab([
      'sim',
      'webhooks',
      '--to',
      'http://127.0.0.1:1/x',
      '--token',
      't',
      '--tracking',
      '794953535000',
      '--events',
      '9',
    ]);
    expect(events.code).toBe(2);
    expect(events.err).toEqual(['lab: --events must be a whole number from 1 to 5']);
    const port = await closedPort();
    const down = await runLab([
      'sim',
      'webhooks',
      '--to',
      `http://127.0.0.1:${port}/lab/hooks/fdx/x`,
      '--token',
      't',
      '--tracking',
      '794953535000',
    ]);
    expect(down.code).toBe(1);
    expect(down.err).toEqual([
      `lab: upstream webhook destination (http://127.0.0.1:${port}) is unreachable: ECONNREFUSED`,
    ]);
  });
});

// Dialect-neutral: the receiver's SQL is the webhooks suites' subject (both dialects).
describe.each(dialectsFor('dialect-neutral'))('simulated webhooks reach our receiver, verified (%s)', (dialect) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await stratusOnLoopback(dialect, { SIM_SEED: '5', STRATUS_SIM_PENDING_POLLS: '0' }));
  });
  afterAll(() => t?.close());

  const stored = (channel: string) => storedWebhooks(t.app, channel);

  it('`lab sim webhooks` posts the scan history signed with the token', async () => {
    const token = generateSecurityToken();
    const run = await runLab([
      'sim',
      'webhooks',
      '--to',
      `${base}/lab/hooks/fdx/simcli`,
      '--token',
      token,
      '--tracking',
      '794953535000',
    ]);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(SIM_SCAN_EVENTS.map((e) => `${e.code} 200`));
    const received = await stored('simcli');
    expect(received).toHaveLength(SIM_SCAN_EVENTS.length);
    for (const w of received) {
      expect(await signatureCheck(w, token)).toBe('match');
      expect(JSON.parse(w.body).output.completeTrackResults[0].trackingNumber).toBe('794953535000');
    }
    expect(await signatureCheck(received[0]!, generateSecurityToken())).toBe('mismatch');
    expect(received.map((w) => w.transactionId).every((id: unknown) => typeof id === 'string')).toBe(true);
  });

  it('with SIM_WEBHOOK_URL set, a Stratus order posts webhooks for each package it ships', async () => {
    const token = generateSecurityToken();
    t.config.simWebhookUrl = `${base}/lab/hooks/fdx/simauto`;
    t.config.simWebhookToken = token;
    const expected = 2 * SIM_SCAN_EVENTS.length;
    const arrived = webhooksArrive(t.app, 'simauto', expected);
    const auth = await stratusAuth(base, { key: 'k', secret: 's', apiKey: 'k' });
    const posted = await postStratusOrder(base, auth, stratusSample('ZEBRA', '116,"2"'));
    const order = (
      await rawRequest(base, 'GET', `/lab/api/stratus/stratus/v1/order/${posted.json().Id}`, { headers: auth })
    ).json();
    expect(order.State).toBe('COMPLETED');
    await arrived;
    const received = await stored('simauto');
    expect(received).toHaveLength(expected);
    const trackings = new Set(received.map((w) => JSON.parse(w.body).output.completeTrackResults[0].trackingNumber));
    expect([...trackings].sort()).toEqual(
      order.Packages.map((p: { TrackingNumber: string }) => p.TrackingNumber).sort(),
    );
    for (const tracking of trackings) expect(isValidExpressTracking(tracking)).toBe(true);
    for (const w of received) expect(await signatureCheck(w, token)).toBe('match');
    t.config.simWebhookUrl = undefined;
  });

  it('with SIM_WEBHOOK_URL set, a carrier simulator shipment posts its lifecycle for each package as the clock reaches it', async () => {
    const token = generateSecurityToken();
    t.config.simWebhookUrl = `${base}/lab/hooks/fdx/simcarrier`;
    t.config.simWebhookToken = token;
    const sample = structuredClone(defaultSample('ship-create')) as Record<string, any>;
    sample.labelResponseOptions = 'LABEL';
    sample.requestedShipment.labelSpecification.imageType = 'ZPLII';
    const packages = sample.requestedShipment.requestedPackageLineItems.length as number;
    // The twin's domestic plan (docs/modules/carrier.md, Lifecycles): eight scans, released as the clock reaches each.
    const journey = ['OC', 'PU', 'DP', 'AR', 'DP', 'AR', 'OD', 'DL'];
    const expected = packages * journey.length;
    const arrived = webhooksArrive(t.app, 'simcarrier', expected);
    const carrierToken = await gatewayToken(base, { clientId: 'k', secret: 's' });
    const shipped = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', {
      headers: {
        'x-upstream-authorization': `Bearer ${carrierToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(sample),
    });
    expect(shipped.status).toBe(200);
    const numbers = (shipped.json().output.transactionShipments[0].pieceResponses as { trackingNumber: string }[]).map(
      (p) => p.trackingNumber,
    );
    const clock = servicesOf(t.app).simClock;
    await clock.advance('sandbox', 30 * 86_400_000);
    await clock.settled();
    await arrived;
    const received = await stored('simcarrier');
    expect(received).toHaveLength(expected);
    const trackings = new Set(received.map((w) => JSON.parse(w.body).output.completeTrackResults[0].trackingNumber));
    expect([...trackings].sort()).toEqual([...numbers].sort());
    const types = received.map((w) => JSON.parse(w.body).outputMetaData[0].eventType as string).reverse();
    expect(types).toEqual(journey);
    t.config.simWebhookUrl = undefined;
  });
});
