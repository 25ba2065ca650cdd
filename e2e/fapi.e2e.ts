import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { expectRole, expectText, expectVisible, POLL } from './support/expect';
import { applyCredential, chooseEndpoint } from './support/playground';

/** The request editor's text (CodeMirror keeps it in .cm-content, one .cm-line a line). */
const requestText = (page: Page) =>
  page
    .getByTestId('request-editor')
    .locator('.cm-line')
    .allTextContents()
    .then((lines) => lines.join('\n'));

/** Replaces the request editor's text as a person would (select all, type). */
async function typeRequest(page: Page, text: string) {
  await page.getByTestId('request-editor').locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// The carrier's documents, which the schema check and the named samples use, are imported once for
// the run by global setup (support/global-setup.ts).
describe('FAPI Playground', () => {
  it('applies a sandbox slot, calls create shipment against the simulator, checks JSON and schema, and keeps it all across a reload', async () => {
    const { page } = await openPage('/api/fapi', { clipboard: true });
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.reload();

    // The security reminder, accepted once.
    await expectText(page, 'Security reminder');
    await page.getByRole('button', { name: 'I understand' }).click();
    await expect.poll(() => page.getByText('Security reminder').count(), POLL).toBe(0);

    // Slot No.2, sandbox: Apply gets a token through the gateway, locks the slot.
    await applyCredential(page, { key: 'lab-key', secret: 'lab-secret', comments: 'e2e box' });
    await expectText(page.getByTestId('active-credential'), /^e2e box · token expires /);

    // Create shipment, our sample, call: the response shows status, time and size, and the demo area.
    await chooseEndpoint(page, 'Create Shipment');
    await expectText(page.locator('.fapi-endpoint'), 'POST /ship/v1/shipments');
    await expectText(page.locator('.fapi-endpoint'), 'Create Shipment', { exact: true });
    await page.getByRole('button', { name: 'sample', exact: true }).click();
    await expectText(page, 'code sample copied to request', { first: true });
    await expect.poll(() => requestText(page), POLL).toContain('requestedShipment');
    await expectVisible(page.getByTestId('schema-valid'));
    await page.getByRole('button', { name: 'call API' }).click();
    const summary = page.getByTestId('response-summary');
    await expectText(summary, '200 OK');
    await expectText(summary, / ms$/, { first: true });
    await expectText(summary, /^\d+ B$/);
    await expectText(page.getByTestId('response-editor'), 'transactionShipments', { first: true });
    await expect.poll(() => page.getByTestId('demo-area').locator('*').count(), POLL).toBeGreaterThan(0);
    await expectRole(page, 'button', { name: 'history (1)' });
    // The node under the cursor, its path copied.
    await page.getByTestId('response-editor').getByText('"transactionShipments"').click();
    await expect
      .poll(() => page.getByLabel('node path', { exact: true }).inputValue(), POLL)
      .toBe('output.transactionShipments');
    await page.getByRole('button', { name: 'copy node path' }).click();
    await expectText(page, 'node path copied', { first: true });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('output.transactionShipments');

    // Broken JSON: the tag shows and call API is disabled.
    await page.getByTestId('request-editor').locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(',,');
    await expectText(page, 'json syntax error', { exact: true });
    await expect.poll(() => page.getByRole('button', { name: 'call API' }).isDisabled(), POLL).toBe(true);

    // A body the schema refuses: problems listed with their paths; the call stays possible.
    await typeRequest(
      page,
      '{"labelResponseOptions": "URL_ONLY", "requestedShipment": 5, "accountNumber": {"value": "740561073"}}',
    );
    const problems = page.getByTestId('schema-problems');
    await expectText(problems, 'schema problems (warnings: the call is still sent)');
    await expectText(problems, 'requestedShipment', { exact: true, first: true });
    await expect.poll(() => page.getByRole('button', { name: 'call API' }).isEnabled(), POLL).toBe(true);

    // A second tab, then a reload: tabs, bodies and the credential are back.
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expectRole(page, 'tab', { name: 'Tab 2', selected: true });
    await page.reload();
    await expectRole(page, 'button', { name: 'Sandbox' });
    await expectText(page.getByTestId('active-credential'), /^e2e box · token expires /);
    expect(await page.getByText('Security reminder').count()).toBe(0);
    await expectRole(page, 'tab', { name: 'Tab 2', selected: true });
    await page.getByRole('tab', { name: 'Tab 1' }).click();
    await expect.poll(() => requestText(page), POLL).toContain('"requestedShipment": 5');
    // Credentials are stored encrypted only.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('lab-secret');
    expect(violations).toEqual([]);
  });
});
