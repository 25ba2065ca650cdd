import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { isValidExpressTracking } from '@lab/core/shipping';
import { dialectsFor, type TestApp } from '../../test/helpers.js';
import { rawRequest } from '../../test/http.js';
import { gatewayClient } from '../../test/simulators.js';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * The production path with its defaults: the gateway forwards over real HTTP to the built-in
 * simulator of the same server (no upstream configured), with the carrier's documents imported.
 */
describe.each(dialectsFor('dialect-neutral'))('gateway → built-in carrier simulator (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(
    async () =>
      ({ t, base, token } = await gatewayClient(dialect, { openApiRecheckMs: 0, simSeed: 7 }, { imported: true })),
    120_000,
  );

  afterAll(() => t.close());

  it('creates a shipment with our default sample and tracks what it created', async () => {
    const auth = { 'x-upstream-authorization': `Bearer ${token}` };
    const sample = structuredClone(defaultSample('ship-create')) as Record<string, any>;
    sample.labelResponseOptions = 'LABEL';
    sample.requestedShipment.labelSpecification.imageType = 'ZPLII';
    const ship = await rawRequest(base, 'POST', '/lab/api/carrier/sandbox/ship/v1/shipments', json(sample, auth));
    expect(ship.status).toBe(200);
    expect(ship.headers['server-timing']).toMatch(/^upstream;dur=\d/);
    const shipment = ship.json().output.transactionShipments[0];
    const tracking: string = shipment.masterTrackingNumber;
    expect(isValidExpressTracking(tracking)).toBe(true);
    const label = Buffer.from(shipment.pieceResponses[0].packageDocuments[0].encodedLabel, 'base64').toString();
    expect(label.startsWith('^XA')).toBe(true);

    const track = await rawRequest(
      base,
      'POST',
      '/lab/api/carrier/sandbox/track/v1/trackingnumbers',
      json({ includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: tracking } }] }, auth),
    );
    expect(track.status).toBe(200);
    const result = track.json().output.completeTrackResults[0];
    expect(result.trackingNumber).toBe(tracking);
    expect(result.trackResults[0].error).toBeUndefined();
  });

  it("passes the simulator's validation errors through in the carrier's shape", async () => {
    const sample = structuredClone(defaultSample('ship-create')) as Record<string, any>;
    delete sample.requestedShipment.shipper;
    const res = await rawRequest(
      base,
      'POST',
      '/lab/api/carrier/sandbox/ship/v1/shipments',
      json(sample, { 'x-upstream-authorization': `Bearer ${token}` }),
    );
    expect(res.status).toBe(400);
    const paths = (res.json().errors as { parameterList: { key: string; value: string }[] }[]).flatMap((e) =>
      e.parameterList.map((p) => p.value),
    );
    expect(paths.some((p) => p.includes('requestedShipment') && p.includes('shipper'))).toBe(true);
  });

  it('forwards enabled catalogue entries only: imported documents add no route, disabled entries stay refused', async () => {
    const headers = { 'x-upstream-authorization': `Bearer ${token}` };
    // Consolidations are in the imported ship documents but not in the catalogue; freight and end
    // of day are catalogue entries marked disabled; /admin/v1/users would match a document's /{a}/{b}/{c}.
    for (const [method, path] of [
      ['POST', '/ship/v1/consolidations/retrieve'],
      ['POST', '/rate/v1/freight/rates/quotes'],
      ['POST', '/ship/v1/freight/shipments'],
      ['POST', '/pickup/v1/freight/pickups/availabilities'],
      ['PUT', '/ship/v1/endofday/'],
      ['POST', '/admin/v1/users'],
      ['POST', '/ship/v1/nothing/here'],
    ] as const) {
      const res = await rawRequest(base, method, `/lab/api/carrier/sandbox${path}`, json({}, headers));
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ message: `${method} ${path} is not a carrier endpoint the gateway forwards` });
    }
  });

  it('refuses ..; and .; segments as path parameters', async () => {
    for (const bad of ['..;', '.;', '..;x', '.;jsessionid=1']) {
      const res = await rawRequest(
        base,
        'POST',
        `/lab/api/carrier/sandbox/track/v1/trackingnumbers/${bad}/x`,
        json({}, { 'x-upstream-authorization': `Bearer ${token}` }),
      );
      expect(res.status, bad).toBe(400);
      expect(res.json()).toEqual({ message: '. and .. segments are not allowed in the path' });
    }
  });
});
