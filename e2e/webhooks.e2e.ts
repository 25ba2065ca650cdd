import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { webhookSignature } from '@lab/core/webhooks';
import { baseUrl, labCli, openPage } from './support/browser';
import { expectRole, expectSettled, expectText, expectVisible, POLL } from './support/expect';

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
    await expectSettled(dialog);
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

    // generate does not overwrite it without asking; Cancel keeps it, across another reload too.
    await page.getByRole('button', { name: 'generate' }).click();
    await expectText(page, 'Replace the security token? The current one is lost unless you saved it.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('security token').inputValue()).toBe(token);
    await page.reload();
    await expect.poll(() => page.getByLabel('security token').inputValue(), POLL).toBe(token);
  });

  it('shows one Result refreshed notice for 32 deliveries arriving at once', async () => {
    const { page } = await openPage('/api/fdxwebhook?channel=e2e-burst');
    await expectText(page, 'live', { exact: true });
    const url = `${baseUrl()}/lab/hooks/fdx/e2e-burst`;
    const sent = await Promise.all(
      Array.from({ length: 32 }, (_, i) => fetch(url, { method: 'POST', body: envelope(`burst-${i}`) })),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(32).fill(200));
    const table = page.getByRole('table');
    // The list shows the latest 30 (and its header row).
    await expect.poll(() => table.getByRole('row').count(), POLL).toBe(31);
    await expectText(page, 'Result refreshed');
    expect(await page.locator('.ant-message-notice').filter({ hasText: 'Result refreshed' }).count()).toBe(1);
  });

  it('checks gzip deliveries signed over the bytes sent and over the payload, and shows the encoding', async () => {
    const { page } = await openPage('/api/fdxwebhook?channel=e2e-gzip');
    await expectText(page, 'live', { exact: true });
    const url = `${baseUrl()}/lab/hooks/fdx/e2e-gzip`;
    const post = async (transactionId: string, over: 'wire' | 'payload') => {
      const body = envelope(transactionId);
      const gz = gzipSync(Buffer.from(body));
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-fedex-signature': await webhookSignature(over === 'wire' ? gz : body, TOKEN),
        },
        body: gz,
      });
      expect(res.status).toBe(200);
      return gz.length;
    };
    const wireSize = await post('gz-wire', 'wire');
    await post('gz-payload', 'payload');
    const table = page.getByRole('table');
    await expectText(table, 'gz-payload');
    await expectText(table, 'gz-wire');
    await page.getByLabel('security token').fill(TOKEN);
    await page.getByRole('button', { name: 'check signature' }).click();
    await expectText(page, 'All 2 signatures match');
    await table.getByText('gz-wire').click();
    await expectText(page, `bytes received · application/json · gzip · signature matches the bytes received (gzip)`);
    await expectText(page, `${wireSize} bytes received`);
    await table.getByText('gz-payload').click();
    await expectText(page, 'gzip · signature matches the body after undoing gzip');
  });
});
