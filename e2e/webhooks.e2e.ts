import { describe, expect, it } from 'vitest';
import { baseUrl, labCli, openPage } from './support/browser';

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
    await page.getByRole('heading', { name: 'Shipment Visibility Webhook' }).waitFor();
    await page.getByText(`${baseUrl()}/lab/hooks/fdx/e2e`).waitFor();
    await page.getByText('live', { exact: true }).waitFor();
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
    await table.getByText('e2e-bad').waitFor();
    await table.getByText('e2e-good').waitFor();
    await page.getByText('Result refreshed').first().waitFor();
    expect(await table.getByRole('row').nth(1).textContent()).toContain('e2e-bad');
    expect(await table.getByLabel('signature unknown').count()).toBe(2);

    await page.getByLabel('security token').fill(TOKEN);
    await page.getByRole('button', { name: 'check signature' }).click();
    await table.getByRole('row').nth(1).getByLabel('signature mismatch').waitFor();
    await table.getByRole('row').nth(2).getByLabel('signature match').waitFor();

    // The payload is shown as data: its <script> is text in the editor, never run.
    await table.getByText('e2e-good').click();
    await page.getByTestId('payload-viewer').getByText('<script>alert(1)</script>', { exact: false }).first().waitFor();
    expect(dialogs).toBe(0);
    await page.getByText('view', { exact: true }).click();
    await page.getByTestId('payload-viewer').locator('.jse-tree-mode').waitFor();
    await page.getByTestId('payload-viewer').getByText('e2e-good').first().waitFor();

    await page.getByRole('button', { name: 'view schema' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('menuitem', { name: 'ShipmentVisibilityWebhook' }).waitFor();
    await dialog.getByRole('tab', { name: 'table' }).click();
    await dialog.getByText('outputMetaData[].transactionId').waitFor();
    await dialog.getByRole('tab', { name: 'raw' }).click();
    await dialog.getByTestId('schema-raw').waitFor();
    expect(violations).toEqual([]); // the JSON editor runs under the app's CSP
  });

  it('keeps the token across reloads in secure storage, not in plain localStorage', async () => {
    const { page } = await openPage('/api/fdxwebhook');
    await page.getByRole('button', { name: 'generate' }).click();
    const token = await page.getByLabel('security token').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9]{25}$/);
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('secure:')));
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain(token);
    await page.reload();
    await expect.poll(() => page.getByLabel('security token').inputValue()).toBe(token);
  });
});
