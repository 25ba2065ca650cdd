import { unzipSync } from 'fflate';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { accountBody, allowedCarriers, fillUploadForm, imageDocument, tradeDocument } from '@lab/core/carrier/forms';
import { readLocations, readPostal, readShipment, zipShipment } from '@lab/core/carrier/replies';
import { baseUrl, downloadBytes, downloadOnClick, openPage } from './support/browser';
import { expectText, expectVisible, POLL } from './support/expect';
import { applyCredential, chooseEndpoint, twinSample } from './support/playground';

/**
 * The playground's forms and demos (issue 13, "Specific forms" and "Demos") against the built
 * server and its carrier simulator, with the carrier's OpenAPI documents imported (once for the
 * run, by support/global-setup.ts) so the simulator validates every request as the carrier would.
 *
 * Part 1 sends what the forms send and reads what the demos read, without a browser: it pins the
 * request shapes (account check, both multipart uploads) and the answer shapes (labels, locations,
 * postal summary) to the simulator.
 * Part 2 drives the page at /lab/api/fapi in Chromium. The few selectors it takes from the page
 * itself (reminder, credentials dialog, endpoint dropdown, sample / call API buttons, request
 * editor) are the helpers under "the playground page" below; everything else uses the forms' and
 * demos' own data-testids.
 */

// ── helpers shared by both parts ─────────────────────────────────────────────────────────────────

const FEDEX_ZPL = '^XA^FO50,50^A0N,40,40^FDShipping Lab e2e^FS^FO50,120^BCN,100,Y,N,N^FD794000000011^FS^XZ';

/** A real PDF (and PNG) from our own label service. */
async function labelFile(format: 'pdf' | 'png'): Promise<Buffer> {
  const res = await fetch(`${baseUrl()}/lab/api/labels/v1/printers/8dpmm/labels/4x6/${format === 'png' ? '0/' : ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: format === 'pdf' ? 'application/pdf' : 'image/png',
    },
    body: FEDEX_ZPL,
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function sandboxToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/lab/api/carrier/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'e2e-client',
      client_secret: 'e2e-secret',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(
  token: string,
  path: string,
  body: unknown,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${baseUrl()}/lab/api/carrier/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-upstream-authorization': `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function upload(token: string, path: string, form: FormData) {
  const res = await fetch(`${baseUrl()}/lab/api/carrier/sandbox${path}`, {
    method: 'POST',
    headers: { 'x-upstream-authorization': `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

interface RecipientSample {
  contact: { personName: string };
  address: { city: string; postalCode: string };
}

/** The default create-shipment sample (dated for the twin's today) with two packages, in LABEL mode, with `imageType` labels. */
async function twoPackageShipment(imageType: 'PNG' | 'PDF' | 'ZPLII', stock = 'PAPER_4X6') {
  const body = (await twinSample('ship-create')) as {
    labelResponseOptions: string;
    requestedShipment: {
      labelSpecification: { imageType: string; labelStockType: string };
      requestedPackageLineItems: unknown[];
    };
  };
  body.labelResponseOptions = 'LABEL';
  body.requestedShipment.labelSpecification = { imageType, labelStockType: stock };
  const line = body.requestedShipment.requestedPackageLineItems[0];
  body.requestedShipment.requestedPackageLineItems = [line, line];
  return body;
}

// ── part 1: what the forms send and the demos read, against the simulator ─────────────────────────

describe('forms and demos against the carrier simulator (through the gateway)', () => {
  it('verifies an account: allowed carriers, and the first error of a wrong one', async () => {
    const token = await sandboxToken();
    const good = await call(token, '/account/v1/accounts/billing/validate', accountBody('740561075'));
    expect(good.status).toBe(200);
    expect(allowedCarriers(good.body)).toEqual(['FEDEX EXPRESS', 'FEDEX GROUND', 'FEDEX FREIGHT']);
    const bad = await call(token, '/account/v1/accounts/billing/validate', accountBody('740561076'));
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { code: string }[] }).errors[0]!.code).toBe('ACCOUNTNUMBER.REGISTRATION.REQUIRED');
  });

  it('uploads a trade document PDF pre- and post-shipment, validated by the simulator', async () => {
    const token = await sandboxToken();
    const pdf = await labelFile('pdf');
    const fields = {
      carrierCode: 'FDXE',
      trackingNumber: '794791292805',
      shipmentDate: '2026-11-20',
      originCountryCode: 'CN',
      destinationCountryCode: 'US',
      shipDocumentType: 'COMMERCIAL_INVOICE',
      contentType: 'PDF' as const,
      fileName: 'invoice.pdf',
    };
    for (const workflowName of ['ETDPreshipment', 'ETDPostshipment'] as const) {
      const document = tradeDocument({ ...fields, workflowName });
      const res = await upload(
        token,
        '/documents/v1/etds/upload',
        fillUploadForm(new FormData(), document, new Blob([new Uint8Array(pdf)]), 'invoice.pdf'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers.get('x-sim-validation')).toBe('on');
      expect(res.headers.get('x-sim-warning')).toBeNull();
      expect((res.body.output as { meta: { documentType: string; docId: string } }).meta).toMatchObject({
        documentType: 'CI',
        docId: expect.stringMatching(/^09[0-9a-f]{14}$/),
      });
    }
  });

  it('uploads a signature image, validated by the simulator', async () => {
    const token = await sandboxToken();
    const png = await labelFile('png');
    const document = imageDocument({
      imageIndex: 'IMAGE_2',
      imageType: 'LETTERHEAD',
      referenceId: 'E2E-LH',
      contentType: 'PNG',
      fileName: 'letterhead.png',
    });
    const res = await upload(
      token,
      '/documents/v1/lhsimages/upload',
      fillUploadForm(new FormData(), document, new Blob([new Uint8Array(png)]), 'letterhead.png'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('x-sim-validation')).toBe('on');
    expect(res.body.output).toEqual({
      meta: { imageType: 'LETTERHEAD', imageIndex: 'IMAGE_2' },
      status: 'SUCCESS',
      documentReferenceId: 'E2E-LH',
    });
  });

  it('reads two labels per two-package shipment and zips them', async () => {
    const token = await sandboxToken();
    for (const imageType of ['PNG', 'ZPLII'] as const) {
      const res = await call(token, '/ship/v1/shipments', await twoPackageShipment(imageType));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const model = readShipment(res.body);
      expect(model.labels.map((l) => [l.docType, Boolean(l.encoded)])).toEqual([
        [imageType, true],
        [imageType, true],
      ]);
      const zip = await zipShipment(model);
      expect(zip.count).toBe(2);
      const files = unzipSync(zip.bytes);
      const ext = imageType === 'PNG' ? 'png' : 'zpl';
      expect(Object.keys(files).sort()).toEqual(model.labels.map((l) => l.fileName).sort());
      expect(model.labels.every((l) => l.fileName.endsWith(`.${ext}`))).toBe(true);
      if (imageType === 'PNG')
        expect([...files[model.labels[0]!.fileName]!.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      else {
        // The twin draws the label from the request: the sample's recipient is on it.
        const zpl = new TextDecoder().decode(files[model.labels[0]!.fileName]!);
        expect(zpl).toMatch(/^\^XA/);
        const to = (defaultSample('ship-create') as { requestedShipment: { recipients: RecipientSample[] } })
          .requestedShipment.recipients[0]!;
        for (const text of [to.contact.personName, to.address.city, to.address.postalCode]) expect(zpl).toContain(text);
      }
    }
  });

  it('reads the locations (with coordinates) and the postal summary', async () => {
    const token = await sandboxToken();
    const loc = await call(token, '/location/v1/locations', await twinSample('locations'));
    expect(loc.status).toBe(200);
    const model = readLocations(loc.body);
    expect(model.entries.length).toBeGreaterThan(1);
    expect(model.entries.every((e) => e.lat !== undefined && e.lon !== undefined && e.distance)).toBe(true);
    expect(model.entries.some((e) => e.carrierOperated)).toBe(true);
    const postal = await call(token, '/country/v1/postal/validate', await twinSample('postal-validate'));
    expect(postal.status).toBe(200);
    expect(readPostal(postal.body)).toMatchObject({
      countryCode: 'US',
      cleanedPostalCode: '38125',
      stateOrProvinceCode: 'TN',
    });
  });
});

// ── part 2: the page ─────────────────────────────────────────────────────────────────────────────

// The playground page (issue 13a): the only selectors this file takes from it.
const PLAYGROUND = '/api/fapi';

/** Accepts the security reminder shown before first use. */
async function acceptReminder(page: Page): Promise<void> {
  await expectText(page, 'Security reminder');
  await page.getByRole('button', { name: 'I understand' }).click();
  await page.getByText('Security reminder').waitFor({ state: 'detached' });
}

/** Replaces the request editor's text (text mode) with `body`. */
async function setRequestBody(page: Page, body: unknown): Promise<void> {
  const editor = page.getByTestId('request-editor').locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(JSON.stringify(body, null, 2));
}

async function callApi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'call API' }).click();
}

/** The page with the reminder accepted and slot No.2 applied, collecting CSP violations. */
async function readyPlayground(): Promise<{ page: Page; csp: string[] }> {
  const { page } = await openPage(PLAYGROUND);
  const csp: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) csp.push(msg.text());
  });
  await acceptReminder(page);
  await applyCredential(page, { key: 'e2e-client', secret: 'e2e-secret' });
  return { page, csp };
}

/** Calls Create Shipment from the playground with a two-package body; `calledAt` is when Call API was pressed. */
async function shipTwoPackages(imageType: 'PNG' | 'PDF' | 'ZPLII', stock: string) {
  const { page, csp } = await readyPlayground();
  await chooseEndpoint(page, 'Create Shipment');
  await setRequestBody(page, await twoPackageShipment(imageType, stock));
  const calledAt = Date.now();
  await callApi(page);
  return { page, csp, calledAt, demo: page.getByTestId('fapi-shipment-demo') };
}

describe('the playground forms and demos in Chromium', () => {
  it('verifies an account with the Account Verification form', async () => {
    const { page, csp } = await readyPlayground();
    await chooseEndpoint(page, 'Account Verification');
    const form = page.getByTestId('fapi-form-account');
    await form.getByTestId('fapi-account-number').fill('7405610759999');
    expect(await form.getByTestId('fapi-account-number').inputValue()).toBe('740561075');
    await form.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(form.locator('[data-testid="fapi-form-result"][data-status="success"]'));
    await expectText(form.getByTestId('fapi-allowed-carriers'), 'FEDEX EXPRESS');
    await form.getByTestId('fapi-account-number').fill('740561076');
    await form.getByRole('button', { name: 'Verify' }).click();
    await expectText(
      form,
      'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.',
    );
    expect(csp).toEqual([]);
  });

  it('uploads a trade document PDF (with its preview) and an image', async () => {
    const { page, csp } = await readyPlayground();
    await chooseEndpoint(page, 'Trade Documents Upload');
    const etd = page.getByTestId('fapi-form-etd');
    await etd
      .getByTestId('fapi-etd-file')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        buffer: await labelFile('pdf'),
      });
    await expectVisible(etd.getByTestId('label-canvas')); // the PDF preview (pdf.js) drew its page
    await etd.getByRole('button', { name: 'Upload to API' }).click();
    await expectText(etd.getByTestId('fapi-etd-answer'), /^Document uploaded: docId 09[0-9a-f]{14}, documentType CI$/);
    // Issue 31: under the PDF preview the Success alert was below the fold at 1366×900; it scrolls into view.
    await expect
      .poll(
        () =>
          etd.getByTestId('fapi-form-result').evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight + 1; // aligned to the bottom edge, to a subpixel
          }),
        POLL,
      )
      .toBe(true);

    await chooseEndpoint(page, 'Letterhead / Signature Image Upload');
    const image = page.getByTestId('fapi-form-image');
    const png = await labelFile('png');
    await image
      .getByTestId('fapi-image-file')
      .locator('input[type=file]')
      .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: png });
    // The PNG's own size (its IHDR chunk) and its bytes.
    await expectText(
      image.getByTestId('fapi-image-dimensions'),
      `${png.readUInt32BE(16)} × ${png.readUInt32BE(20)} px`,
    );
    await expectText(image.getByTestId('fapi-image-bytes'), `${png.length.toLocaleString('en-US')} bytes`);
    await image.getByRole('button', { name: 'Upload to API' }).click();
    await expectText(
      image.getByTestId('fapi-image-answer'),
      'Image IMAGE_1 (SIGNATURE) uploaded, reference LAB-IMAGE-1',
    );
    expect(csp).toEqual([]);
  });

  it('creates a two-package shipment in LABEL mode, shows two labels and downloads them as a zip', async () => {
    const { page, csp, calledAt, demo } = await shipTwoPackages('PNG', 'PAPER_4X675');
    await expect.poll(() => demo.getByTestId('shipment-label-row').count(), POLL).toBe(2);
    await expectVisible(demo.getByTestId('label-image'));
    console.log(`create shipment (2 PNG labels): click to rendered demo ${Date.now() - calledAt} ms`);
    expect(await demo.getByRole('button', { name: /^Show label/ }).count()).toBe(2);

    const download = await downloadOnClick(page, demo.getByTestId('shipment-download-all'));
    expect(download.suggestedFilename()).toMatch(/^shipment_\d{12}\.zip$/);
    const zip = unzipSync(new Uint8Array(await downloadBytes(download)));
    const names = Object.keys(zip).sort();
    expect(names).toHaveLength(2);
    expect(names.every((n) => /^label_[12]_\d{12}\.png$/.test(n))).toBe(true);
    expect(csp).toEqual([]);
  });

  it('previews ZPL labels as a PDF from the label service', async () => {
    const { page } = await shipTwoPackages('ZPLII', 'STOCK_4X675_LEADING_DOC_TAB');
    const preview = page.getByTestId('shipment-zpl-preview');
    await expectVisible(preview.getByTestId('label-canvas'), { timeout: 60_000 });
    await expectText(preview.getByTestId('label-page'), 'Page 1 of 2');
  });

  it('checks a ZPL shipment label: every symbol ✓ and the tracking number matched to the reply', async () => {
    const { page, csp, demo } = await shipTwoPackages('ZPLII', 'STOCK_4X675_LEADING_DOC_TAB');
    await expect.poll(() => demo.getByTestId('shipment-label-row').count(), { ...POLL, timeout: 60_000 }).toBe(2);
    const rows = await demo.getByTestId('shipment-label-row').allTextContents();
    const preview = page.getByTestId('shipment-zpl-preview');
    await expectVisible(preview.getByTestId('label-canvas'), { timeout: 60_000 });
    await preview.getByRole('button', { name: /Check/ }).click();
    const results = preview.getByTestId('check-results');
    await expectVisible(results, { timeout: 60_000 });
    // The twin's layout may add symbols: whatever it draws, each must pass, and one carries the tracking number.
    for (const [page1, row] of rows.entries()) {
      if (page1 > 0) await preview.getByRole('button', { name: 'Next label' }).click();
      // The row starts with the package number, then the 12-digit tracking number.
      const tracking = /(\d{12})(?!\d)/.exec(row)![1]!;
      await expectText(
        results.getByTestId('check-shipment').first(),
        new RegExp(`^✓a symbol carries the tracking number ${tracking}$`),
      );
      const verdicts = await results
        .getByTestId('check-symbol')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
      expect(verdicts.length).toBeGreaterThan(0);
      expect(verdicts.every((v) => v === 'pass')).toBe(true);
      expect(await preview.getByTestId('check-box').count()).toBe(verdicts.length);
      expect(
        await results.locator('[data-testid="check-shipment"][data-item="trackingNumber"]').getAttribute('data-ok'),
      ).toBe('true');
      expect(
        await results.locator('[data-testid="check-shipment"][data-item="checkDigit"]').getAttribute('data-ok'),
      ).toBe('true');
    }
    expect(csp).toEqual([]);
  });

  it('shows PDF labels one package at a time', async () => {
    const { demo } = await shipTwoPackages('PDF', 'PAPER_4X6');
    await expect.poll(() => demo.getByTestId('shipment-label-row').count(), { ...POLL, timeout: 60_000 }).toBe(2);
    const previews = demo.getByTestId('shipment-previews');
    await expectVisible(previews.getByTestId('label-canvas'));
    await previews.getByText('Package 2', { exact: true }).click();
    await expectVisible(previews.getByTestId('label-canvas'));
    expect(await demo.getByRole('button', { name: /^Download label_2_\d{12}\.pdf$/ }).count()).toBe(1);
  });

  it('calls locations and shows a marker per location on the offline map, without CSP violations', async () => {
    const { page, csp } = await readyPlayground();
    const offsite: string[] = []; // the map works offline: nothing but this site is asked for
    page.on('request', (r) => {
      if (!r.url().startsWith(baseUrl()) && !/^(data|blob):/.test(r.url())) offsite.push(r.url());
    });
    await chooseEndpoint(page, 'Find Locations');
    await page.getByRole('button', { name: 'sample', exact: true }).click();
    await callApi(page);
    const demo = page.getByTestId('fapi-locations-demo');
    const map = demo.getByTestId('fapi-locations-map');
    await expectVisible(map);
    await expect.poll(() => map.getAttribute('data-outline'), POLL).toBe('loaded');
    const listed = await demo.getByTestId('fapi-location').count();
    expect(listed).toBeGreaterThan(1);
    await expect.poll(() => map.locator('.fapi-location-marker').count(), POLL).toBe(listed);
    expect(await map.locator('path.leaflet-interactive, svg path').count()).toBeGreaterThan(100); // the countries
    await demo.getByRole('switch', { name: 'DTR-HAL only' }).click();
    const operated = await demo.getByTestId('fapi-location').count();
    expect(operated).toBeLessThan(listed);
    expect(operated).toBeGreaterThan(0);
    await expect.poll(() => map.locator('.fapi-location-marker').count(), POLL).toBe(operated);
    await demo.getByRole('switch', { name: 'show location name' }).click();
    await expect.poll(() => map.locator('.leaflet-tooltip').count(), POLL).toBe(operated);
    expect(csp).toEqual([]);
    expect(offsite).toEqual([]);
  });

  it('sends a cropped image from the ETD cropper to the Image Upload form, ready to upload', async () => {
    const { page, csp } = await readyPlayground();
    await page.goto('/lab/utils/etdimage');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await labelFile('png') });
    await expectVisible(page.getByTestId('etd-preview'));
    const send = page.getByTestId('etd-send-to-playground');
    await expect.poll(() => send.isEnabled(), POLL).toBe(true);
    await send.click();
    await page.waitForURL(/\/lab\/api\/fapi/);
    const form = page.getByTestId('fapi-form-image');
    await expectText(form.getByTestId('fapi-image-name'), 'letterhead_200x50.png');
    await expectText(form.getByTestId('fapi-image-dimensions'), '200 × 50 px');
    await expectText(form.getByTestId('fapi-image-bytes'), / bytes/);
    await form.getByRole('button', { name: 'Upload to API' }).click();
    await expectText(
      form.getByTestId('fapi-image-answer'),
      'Image IMAGE_1 (LETTERHEAD) uploaded, reference LAB-IMAGE-1',
    );
    expect(csp).toEqual([]);
  });
});
