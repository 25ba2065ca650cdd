import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { defaultSample } from '@lab/core/carrier';
import type { AppConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';
import { twinToken } from '../../test/simulators.js';
import { shipRequest } from './testShipments.js';

type Json = Record<string, any>;

/**
 * URL_ONLY links name the gateway's path on the origin the caller reached, never the simulator's
 * loopback address: the gateway calls the built-in simulator over 127.0.0.1 and tells it that
 * origin. The app listens (the gateway forwards over real HTTP); requests come in through inject,
 * which lets a test choose the Host and forwarded headers.
 */
describe('carrier simulator links through the gateway (sqlite)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(overrides: Partial<AppConfig> = {}, options: { imported?: boolean } = {}) {
    t = await buildTestApp('sqlite', { simSeed: 9, ...overrides }, options);
    await listenLoopback(t.app);
    return t;
  }

  const tokenThroughGateway = (app: TestApp, environment = 'sandbox') =>
    twinToken(app.app, { host: `/lab/api/carrier/${environment}` });

  /** A URL_ONLY shipment (ZPL label, PDF commercial invoice), created through the gateway. */
  async function shipByUrl(app: TestApp, headers: Record<string, string>, environment = 'sandbox') {
    const token = await tokenThroughGateway(app, environment);
    const body = shipRequest((b, rs) => {
      b.labelResponseOptions = 'URL_ONLY';
      rs.shippingDocumentSpecification = { shippingDocumentTypes: ['COMMERCIAL_INVOICE'] };
    });
    const res = await app.app.inject({
      method: 'POST',
      url: `/lab/api/carrier/${environment}/ship/v1/shipments`,
      headers: { 'x-upstream-authorization': `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    const shipment = res.json().output.transactionShipments[0];
    return {
      master: shipment.masterTrackingNumber as string,
      label: shipment.pieceResponses[0].packageDocuments[0].url as string,
      invoice: shipment.shipmentDocuments[0].url as string,
    };
  }

  it("names the caller's host and the gateway path, and the gateway serves what they name", async () => {
    const app = await start();
    const { master, label, invoice } = await shipByUrl(app, { host: 'lab.example.test:8080' });
    expect(label).toBe(`http://lab.example.test:8080/lab/api/carrier/sandbox/labels/${master}.zpl`);
    expect(invoice).toBe(`http://lab.example.test:8080/lab/api/carrier/sandbox/labels/${master}-invoice.pdf`);
    const servedLabel = await app.app.inject(new URL(label).pathname);
    expect(servedLabel.statusCode).toBe(200);
    expect(servedLabel.headers['content-type']).toBe('application/zpl');
    expect(servedLabel.body).toContain(`^FD>;${master}^FS`);
    const servedInvoice = await app.app.inject(new URL(invoice).pathname);
    expect(servedInvoice.statusCode).toBe(200);
    expect(servedInvoice.headers['content-type']).toBe('application/pdf');
    expect(servedInvoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await app.app.inject(`/lab/api/carrier/sandbox/labels/${master}.pdf`);
    expect(missing.statusCode).toBe(404);
    const notALabel = await app.app.inject('/lab/api/carrier/sandbox/labels/secrets.txt');
    expect(notALabel.statusCode).toBe(404);
    expect(notALabel.json()).toEqual({
      message: 'no label secrets.txt here: labels are served for the built-in simulator only',
    });
  });

  it('builds the merged PDF of mergeLabelDocOption in labelOrder: labels first, or last', async () => {
    // With the ship document imported: request and reply are checked against it.
    const app = await start({}, { imported: true });
    const token = await tokenThroughGateway(app);
    const merged = async (labelOrder: string, option = 'LABELS_AND_DOCS') => {
      const body = defaultSample('ship-create') as Json;
      body.labelResponseOptions = 'URL_ONLY';
      body.mergeLabelDocOption = option;
      body.requestedShipment.labelSpecification = { imageType: 'PDF', labelStockType: 'PAPER_4X6', labelOrder };
      body.requestedShipment.shippingDocumentSpecification = { shippingDocumentTypes: ['COMMERCIAL_INVOICE'] };
      const res = await app.app.inject({
        method: 'POST',
        url: '/lab/api/carrier/sandbox/ship/v1/shipments',
        headers: {
          'x-upstream-authorization': `Bearer ${token}`,
          'content-type': 'application/json',
          host: 'lab.test',
        },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-sim-validation']).toBe('on');
      expect(res.headers['x-sim-repaired']).toBeUndefined();
      const shipment = res.json().output.transactionShipments[0];
      const doc = (shipment.shipmentDocuments as Json[]).find((d) => d.contentType === 'MERGED_LABEL_DOCUMENTS')!;
      expect(doc.url).toBe(
        `http://lab.test/lab/api/carrier/sandbox/labels/${shipment.masterTrackingNumber}-merged.pdf`,
      );
      const served = await app.app.inject(new URL(doc.url).pathname);
      expect(served.statusCode).toBe(200);
      const pdf = await PDFDocument.load(served.rawPayload);
      // A 4 × 6 in label page is 288 × 432 pt; the invoice is a letter page (612 pt wide).
      return pdf.getPages().map((page) => Math.round(page.getWidth()));
    };
    const first = await merged('SHIPPING_LABEL_FIRST');
    expect(first[0]).toBe(288);
    expect(first.slice(1).every((w) => w === 612)).toBe(true);
    expect(first.length).toBeGreaterThan(1);
    const last = await merged('SHIPPING_LABEL_LAST');
    expect(last[last.length - 1]).toBe(288);
    expect(last.slice(0, -1).every((w) => w === 612)).toBe(true);
    expect(await merged('SHIPPING_LABEL_FIRST', 'LABELS_ONLY')).toEqual([288]);
  });

  it('ignores X-Forwarded-Host and -Proto unless the app trusts proxies', async () => {
    const app = await start();
    const forwarded = { host: 'internal:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const { master, label } = await shipByUrl(app, forwarded);
    expect(label).toBe(`http://internal:8080/lab/api/carrier/sandbox/labels/${master}.zpl`);
  });

  it('honours X-Forwarded-Host and -Proto behind a trusted proxy (TRUST_PROXY)', async () => {
    const app = await start({ trustProxy: 1 });
    const forwarded = { host: 'internal:8080', 'x-forwarded-host': 'lab.example.org', 'x-forwarded-proto': 'https' };
    const { master, label } = await shipByUrl(app, forwarded);
    expect(label).toBe(`https://lab.example.org/lab/api/carrier/sandbox/labels/${master}.zpl`);
  });

  it('uses PUBLIC_BASE_URL when it is set, for production links too', async () => {
    const app = await start({ publicBaseUrl: 'https://lab.example.com/' });
    const { master, label } = await shipByUrl(app, { host: 'internal:8080' }, 'production');
    expect(label).toBe(`https://lab.example.com/lab/api/carrier/production/labels/${master}.zpl`);
    const served = await app.app.inject(new URL(label).pathname);
    expect(served.statusCode).toBe(200);
  });

  it('refuses a sandbox token on production through the gateway (the environments are two hosts)', async () => {
    const app = await start();
    const sandbox = await tokenThroughGateway(app, 'sandbox');
    const res = await app.app.inject({
      method: 'POST',
      url: '/lab/api/carrier/production/track/v1/trackingnumbers',
      headers: { 'x-upstream-authorization': `Bearer ${sandbox}`, 'content-type': 'application/json' },
      payload: JSON.stringify(defaultSample('track-tracking-numbers')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual([
      {
        code: 'NOT.AUTHORIZED.ERROR',
        message:
          'Access token was issued by the sandbox environment and is not valid on production. Please request a token from production and try again.',
      },
    ]);
  });
});
