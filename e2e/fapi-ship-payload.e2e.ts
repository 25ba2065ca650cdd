import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { expectSettled, expectText, expectVisible, POLL } from './support/expect';
import { applyCredential, chooseEndpoint } from './support/playground';

type Json = Record<string, any>;

/** Picks an option of an antd select by its value text. */
async function choose(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: value }).first();
  await expectSettled(option); // the dropdown slides in: click once it stands still
  await option.click();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** Builds an international shipment CN → US with ETD, two packages and a commodity. */
async function buildInternationalEtd(page: Page) {
  await expectText(page.getByTestId('ship-payload-experiment'), 'EXPERIMENT');
  // A valid account number: the carrier twin refuses one whose check digit fails (740561073 does).
  await page.getByLabel('Account number', { exact: true }).fill('740561075');
  // Service: ETD on, its tab enabled; one attached document and post-shipment upload.
  await tab(page, 'Service').click();
  await expect.poll(() => tab(page, 'ETD').getAttribute('aria-disabled'), POLL).toBe('true');
  await page.getByLabel('ELECTRONIC_TRADE_DOCUMENTS').check();
  await expect.poll(() => tab(page, 'ETD').getAttribute('aria-disabled'), POLL).toBe('false');
  await tab(page, 'ETD').click();
  await page.getByLabel('Post-shipment upload').check();
  await choose(page, 'Document type', 'COMMERCIAL_INVOICE');
  await page.getByLabel('Document id', { exact: true }).fill('090493e181586308');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // Package: the default one plus a second.
  await tab(page, 'Package').click();
  await page.getByLabel('Weight', { exact: true }).fill('3.5');
  await page.getByLabel('Length', { exact: true }).fill('40');
  await page.getByLabel('Width', { exact: true }).fill('30');
  await page.getByLabel('Height', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Add package' }).click();
  await expectText(page.getByTestId('spg-package-count'), '2 packages, total weight 5.5 KG');
}

// The generator's choices come from the imported ship document (ship--Shipment-Resource.json), which
// global setup imports with the carrier's other documents, once for the run.
describe('Payload Generator', () => {
  it('builds an international shipment with ETD, two packages and a commodity; copies, validates and sends it to the playground', async () => {
    const { page } = await openPage('/api/fapishippayloadgenerator', { clipboard: true });
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await expectText(page.getByTestId('ship-payload-choices'), 'Choices from the imported ship document');
    await buildInternationalEtd(page);

    // Copy: the JSON on the clipboard is the shipment built.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectText(page, 'JSON copied', { first: true });
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Json;
    const rs = copied.requestedShipment as Json;
    expect(copied.accountNumber).toEqual({ value: '740561075' });
    expect(rs.shipper.address.countryCode).toBe('CN');
    expect(rs.recipients[0].address.countryCode).toBe('US');
    expect(rs.shipmentSpecialServices).toEqual({
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: {
        requestedDocumentTypes: ['COMMERCIAL_INVOICE'],
        attachedDocuments: [{ documentType: 'COMMERCIAL_INVOICE', documentId: '090493e181586308' }],
        attributes: ['POST_SHIPMENT_UPLOAD_REQUESTED'],
      },
    });
    expect(rs.requestedPackageLineItems).toHaveLength(2);
    expect(rs.requestedPackageLineItems[1]).toEqual({
      weight: { units: 'KG', value: 3.5 },
      dimensions: { length: 40, width: 30, height: 20, units: 'CM' },
    });
    expect(rs.totalWeight).toBe(5.5);
    expect(rs.customsClearanceDetail.commodities).toHaveLength(1);
    // The viewer shows the same (after its short delay).
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('ship-payload-json').textContent()) ?? '{}') as Json, POLL)
      .toEqual(copied);

    // Validate through the server against the imported ship document.
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expectText(page.getByTestId('ship-payload-validation'), 'Valid against the ship document', { first: true });

    // Send to the playground: the handoff carries the payload, the page goes to the playground.
    // (The generator also keeps its own state in sessionStorage: only the handoff's key is read.)
    await page.evaluate(() => {
      const set = sessionStorage.setItem.bind(sessionStorage);
      sessionStorage.setItem = (k: string, v: string) => {
        if (k === 'lab.fapi.handoff') (window as unknown as { __handoff?: string }).__handoff = v;
        set(k, v);
      };
    });
    await page.getByRole('button', { name: 'Send to playground' }).click();
    await page.waitForURL('**/lab/api/fapi?handoff=1');
    const handoff = JSON.parse(
      await page.evaluate(() => (window as unknown as { __handoff: string }).__handoff),
    ) as Json;
    expect(handoff).toEqual({ endpointId: 'ship-create', body: copied, source: 'Payload Generator' });
    expect(violations).toEqual([]);
  });

  // Needs the playground page (/api/fapi, helper 13a): the integrator runs it after merging.
  it('opens the generator from the playground, uses it in the tab, creates the shipment against the simulator and gets labels', async () => {
    const { page } = await openPage('/api/fapi');
    await expectText(page, 'Security reminder');
    await page.getByRole('button', { name: 'I understand' }).click();
    await applyCredential(page, { key: 'lab-key', secret: 'lab-secret' });
    await chooseEndpoint(page, 'Create Shipment');

    // The generator in the playground's dialog (95% wide); its "use" button fills the tab.
    await page.getByRole('button', { name: 'Ship Payload' }).click();
    const generator = page.getByTestId('ship-payload-generator');
    await expectVisible(generator);
    await buildInternationalEtd(page);
    await page.getByTestId('ship-payload-use').click();
    await expect.poll(() => generator.isVisible(), POLL).toBe(false);

    // What reaches the gateway is the generator's payload (the editor only renders the lines in view).
    const [sent] = await Promise.all([
      page.waitForRequest(
        (r) => r.method() === 'POST' && r.url().endsWith('/lab/api/carrier/sandbox/ship/v1/shipments'),
      ),
      page.getByRole('button', { name: 'call API' }).click(),
    ]);
    const body = sent.postDataJSON() as Json;
    expect(JSON.stringify(body)).toContain('ELECTRONIC_TRADE_DOCUMENTS');
    expect(
      (body as { requestedShipment: { requestedPackageLineItems: unknown[] } }).requestedShipment
        .requestedPackageLineItems,
    ).toHaveLength(2);
    await expectText(page.getByTestId('response-summary'), '200 OK');
    await expectText(page.getByTestId('response-editor'), 'encodedLabel', { first: true });
  });
});
