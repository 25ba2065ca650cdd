import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { labCli, openPage, referenceDir } from './support/browser';
import { expectRole, expectSettled, expectText, expectVisible, POLL } from './support/expect';
import { artifactsDir } from './support/setup';

const POSTAL = 'requestedShipment.shipper.address.postalCode';

describe('FAPI Doc', () => {
  it('imports the reference documents, opens ship → Create Shipment, switches views and levels, searches, copies a path, opens a named sample', async () => {
    // Global setup imported the 24 documents into the fresh database, once for the run; importing
    // them again changes nothing. The second import runs while the page is used, and is checked last.
    expect(inject('carrierOpenApiImport')).toMatch(
      /^carrier-openapi: 24 documents: 24 added, 0 new releases, 0 unchanged\n/,
    );
    const again = labCli(['import', 'carrier-openapi', path.join(referenceDir, 'carrier-openapi')]);

    const { page } = await openPage('/api/fapidoc', { clipboard: true });
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await expectRole(page, 'heading', { name: 'FAPI Doc' });
    // The controls are there from the start, disabled until there is something to show.
    await expectVisible(page.getByText('show full description'));
    expect(await page.getByRole('checkbox', { name: 'show full description' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'API' }).click();
    await page.getByRole('combobox', { name: 'API' }).fill('Shipment-Resource');
    const api = page.getByTitle('Ship API (Shipment-Resource)');
    await expectSettled(api);
    await api.click();
    await page.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('combobox', { name: 'Operation' }).fill('create shipment');
    const operation = page.locator('.ant-select-item-option').filter({ hasText: 'Create Shipment' }).first();
    await expectSettled(operation);
    await operation.click();

    const tree = page.getByRole('tree', { name: 'Request' });
    await expectVisible(tree.locator('[data-path="requestedShipment"]'));
    await expectVisible(tree.locator('[data-path="requestedShipment.shipper"]'));
    expect(await tree.locator(`[data-path="${POSTAL}"]`).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'show full description' }).isDisabled()).toBe(false);

    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Request' });
    await expectText(table, 'requestedShipment.shipper', { first: true });
    await expect.poll(() => page.url(), POLL).toContain('view=table');
    // Issue 31 item 3: the Field column shows whole paths at 1366×900 (the full path on hover too).
    await page.locator('.sv-controls').getByText('4', { exact: true }).click();
    const postalCell = table.locator(`[data-path="${POSTAL}"] .sv-path`);
    await expectVisible(postalCell);
    expect(await postalCell.getAttribute('title')).toBe(POSTAL);
    expect(await postalCell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, 'fapi-doc-table-1366x900.png') });
    await page.locator('.sv-controls').getByText('2', { exact: true }).click();
    await page.getByText('Tree', { exact: true }).click();
    await expectVisible(tree);

    await page.locator('.sv-controls').getByText('5', { exact: true }).click();
    await expect.poll(() => page.url(), POLL).toContain('level=5');
    await expectVisible(tree.locator('[data-path="requestedShipment.shipper.address.streetLines"]'));

    await page.getByRole('textbox', { name: 'Search fields by name or description' }).fill('postalCode');
    const row = tree.locator(`[data-path="${POSTAL}"]`);
    await expectVisible(row);
    await expect.poll(() => row.getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(() => page.url(), POLL).toContain(`field=${encodeURIComponent(POSTAL)}`);
    await row.hover();
    await row.getByRole('button', { name: 'copy path' }).click();
    await expectText(page, `Copied ${POSTAL}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(POSTAL);

    // The deep link reopens the same operation, view, level and selected field.
    await page.reload();
    await expectVisible(
      page.getByRole('tree', { name: 'Request' }).locator(`[data-path="${POSTAL}"][aria-selected="true"]`),
    );

    // Issue 31 item 4: full descriptions (the carrier's loadDocReference links among them) log no CSP violation.
    // The box's state lives in the URL (?full=1), set by a router navigation that React runs as a
    // transition: click, then wait for the box to show it (Playwright's check() reads it at once).
    const full = page.getByRole('checkbox', { name: 'show full description' });
    await full.click();
    await expect.poll(() => full.isChecked(), POLL).toBe(true);
    await expectVisible(tree.locator('a[data-doc-ref="countrycodes"]').first());

    // Named samples: view one as JSON, send one to the playground.
    await expectText(page, 'Named samples (35)');
    await page.getByRole('button', { name: 'View JSON' }).first().click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog.getByTestId('sample-json'), '"requestedShipment"');
    await expectSettled(dialog);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => page.getByTestId('sample-json').isVisible(), POLL).toBe(false);
    await page.getByRole('button', { name: 'Send to playground' }).first().click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, POLL)
      .toBe('/lab/api/fapi?handoff=1');
    expect(violations).toEqual([]);

    const run = await again;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^carrier-openapi: 24 documents: 0 added, 0 new releases, 24 unchanged\n/);
  });
});
