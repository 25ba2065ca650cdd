import { describe, expect, it } from 'vitest';
import { baseUrl, labCli, openPage } from './support/browser';
import { expectRole, expectText, expectVisible, POLL } from './support/expect';

const TOKEN = 'Ab3dEfGh1jKlMn0pQrStUvWx9';
const envelope = (transactionId: string) =>
  JSON.stringify({
    outputMetaData: [{ transactionId, timestamp: '2026-11-22T01:02:03Z' }],
    output: { note: '<script>alert(1)</script>' },
  });

describe('Shipment Visibility Webhook', () => {
  it('shows payloads sent with `lab webhook send` live, checks signatures green and red, opens the schema', async () => {
    const { page } = await openPage('/api/fdxwebhook?channel=e2e');
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.reload();
    await expectRole(page, 'heading', { name: 'Shipment Visibility Webhook' });
    await expectText(page, `${baseUrl()}/lab/hooks/fdx/e2e`);
    await expectText(page, 'live', { exact: true });
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });

    const url = `${baseUrl()}/lab/hooks/fdx/e2e`;
    const good = await labCli(['webhook', 'send', '--url', url, '--token', TOKEN, '-'], {
      input: envelope('e2e-good'),
    });
    expect(good.stdout).toMatch(/^200 OK\n\{"received":true,"id":\d+\}\n$/);
    const bad = await labCli(['webhook', 'send', '--url', url, '--token', TOKEN, '--signature', '0'.repeat(64), '-'], {
      input: envelope('e2e-bad'),
    });
    expect(bad.code).toBe(0);

    // Both rows appear without a reload, newest at the top.
    const table = page.getByRole('table');
    await expectText(table, 'e2e-bad');
    await expectText(table, 'e2e-good');
    await expectText(page, 'Result refreshed', { first: true });
    expect(await table.getByRole('row').nth(1).textContent()).toContain('e2e-bad');
    expect(await table.getByLabel('signature unknown').count()).toBe(2);

    await page.getByLabel('security token').fill(TOKEN);
    await page.getByRole('button', { name: 'check signature' }).click();
    await expectVisible(table.getByRole('row').nth(1).getByLabel('signature mismatch'));
    await expectVisible(table.getByRole('row').nth(2).getByLabel('signature match'));

    // The payload is shown as data: its <script> is text in the editor, never run.
    await table.getByText('e2e-good').click();
    await expectText(page.getByTestId('payload-viewer'), '<script>alert(1)</script>', { first: true });
    expect(dialogs).toBe(0);
    await page.getByText('view', { exact: true }).click();
    await expectVisible(page.getByTestId('payload-viewer').locator('.jse-tree-mode'));
    await expectText(page.getByTestId('payload-viewer'), 'e2e-good', { first: true });

    await page.getByRole('button', { name: 'view schema' }).click();
    const dialog = page.getByRole('dialog');
    await expectRole(dialog, 'menuitem', { name: 'ShipmentVisibilityWebhook' });
    await dialog.getByRole('tab', { name: 'table' }).click();
    await expectText(dialog, 'outputMetaData[].transactionId');
    await dialog.getByRole('tab', { name: 'raw' }).click();
    await expectVisible(dialog.getByTestId('schema-raw'));
    expect(violations).toEqual([]); // the JSON editor runs under the app's CSP
  });

  it('keeps the token across reloads in secure storage, not in plain localStorage', async () => {
    const { page } = await openPage('/api/fdxwebhook');
    await page.getByRole('button', { name: 'generate' }).click();
    const token = await page.getByLabel('security token').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9]{25}$/);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage)), POLL)
      .toContainEqual(expect.stringMatching(/^secure:/));
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain(token);
    await page.reload();
    await expect.poll(() => page.getByLabel('security token').inputValue()).toBe(token);
  });
});
