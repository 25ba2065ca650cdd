import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { downloadBytes, openPage, referenceDir } from './support/browser';
import { expectText, expectVisible, POLL } from './support/expect';

/** The real 020 transaction of the reference samples; its field 187 ("299") is rewritten on sending. */
const SAMPLE = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!
  .trim();
/** The same shipment as two packages (field 116), split over lines as a customer's log may show it. */
const TWO_PACKAGES = SAMPLE.replace(/99,""$/, '116,"2"\n99,""');
/** A package count the simulator refuses: the order ends FAILED with one error label. */
const BAD_COUNT = SAMPLE.replace(/99,""$/, '116,"abc"99,""');

/** Accepts the reminder, enters credentials, gets a token and saves. */
async function signIn(page: Page) {
  await page.getByRole('button', { name: 'I understand and accept' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stratus Credentials' });
  await dialog.getByLabel('Client Key').fill('e2e-key');
  await dialog.getByLabel('Client Secret').fill('e2e-secret');
  await dialog.getByLabel('API Key').fill('e2e-api-key');
  await expectText(dialog, 'key pair not verified');
  await dialog.getByRole('button', { name: 'verify or refresh token' }).click();
  await expectText(dialog.getByTestId('pair-tag'), 'key pair verified', { exact: true });
  await dialog.getByRole('button', { name: 'save and close' }).click();
  await expectText(page.getByTestId('token-tag'), /^token expires at /);
}

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const pending = page.waitForEvent('download');
  await button.click();
  const saved = await pending;
  return { name: saved.suggestedFilename(), bytes: await downloadBytes(saved) };
}

/** How often the page asks for a PENDING order's state (apps/web/src/tools/stratus/orderRun.ts). */
const POLL_MS = 2_000;

/** An option button (antd hides the radio input inside its label). */
const option = (page: Page, name: string) =>
  page.locator('label.ant-radio-button-wrapper', { hasText: new RegExp(`^${name}$`) });

/** The page's GET of the order, which it sends every 2 s (by its clock) while the order is PENDING. */
const isOrderPoll = (r: Response) => r.request().method() === 'GET' && /\/stratus\/v1\/order\/[^/?]+$/.test(r.url());

/**
 * Ships and waits through PENDING: `tried N times` grows, then the labels are listed. The page
 * asks again 2 s after each answer; the test moves the page's clock (installed by openPage) on by
 * those 2 s once the answer is in, instead of waiting for them. If the page has not set its timer
 * yet when the clock moves, the timer fires in real time 2 s later: slower, never wrong. Answers
 * are counted from before Ship Now, so none is missed however late the test looks.
 */
async function shipAndWait(page: Page, labels: number) {
  let answers = 0;
  const onResponse = (r: Response) => {
    if (isOrderPoll(r)) answers += 1;
  };
  page.on('response', onResponse);
  try {
    await page.getByRole('button', { name: 'Ship Now' }).click();
    // The order is posted (its id is shown): the first poll is due in 2 s.
    await expectText(page.getByTestId('order-steps'), /[0-9a-f]{8}-/i);
    const tries = page.getByTestId('tries');
    for (const n of [1, 2, 3]) {
      await page.clock.fastForward(POLL_MS);
      await expectText(tries, `tried ${n} times`);
      await expect.poll(() => answers, POLL).toBeGreaterThanOrEqual(n);
    }
  } finally {
    page.off('response', onResponse);
  }
  await expect
    .poll(() => page.getByTestId('label-list').locator('.ant-list-item').count(), { timeout: 30_000 })
    .toBe(labels);
}

describe('Stratus ship-by-transaction (against the simulator)', () => {
  it('verifies, greets, ships two packages as PDF and as rotated ZPL, previews and downloads the labels', async () => {
    const { page } = await openPage('/api/stratus', { clock: true });
    const rotations: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/lab/api/labels/v1/printers/8dpmm/labels/4x6/'))
        rotations.push(req.headers()['x-rotation']!);
    });
    await signIn(page);
    await expectText(page.getByTestId('credentials-tag'), 'credentials not verified');
    await page.getByRole('button', { name: 'Greet' }).click();
    await expectText(page.getByTestId('greeting'), 'Stratus simulator: your token and api key work');
    await expectText(page.getByTestId('credentials-tag'), 'credentials verified', { exact: true });

    await page.getByLabel('transaction', { exact: true }).fill(TWO_PACKAGES);
    await expectText(page.getByTestId('format-tag'), 'format correct');
    await expectText(page.getByTestId('end-tag'), 'end field correct');

    // PDF: labels rendered by Stratus (DIB), shown as received.
    await shipAndWait(page, 2);
    const list = page.getByTestId('label-list');
    await expectText(list, /package 1 · \d{12}/);
    await expectText(list, /package 2 · \d{12}/);
    await expectText(page.getByTestId('preview-title'), 'raw PDF', { exact: true });
    await expectVisible(page.getByTestId('label-canvas'));
    const pdf = await download(page, page.getByRole('button', { name: 'Download PDF' }));
    expect(pdf.name).toMatch(/^package_1_\d{12}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const png = await download(page, page.getByRole('button', { name: 'Download PNG' }));
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(rotations).toEqual([]);

    // ZPL, rotated: converted by our label service with X-Rotation 180.
    await option(page, 'ZPL').click();
    await option(page, 'Rotated').click();
    await shipAndWait(page, 2);
    await expectText(page.getByTestId('preview-title'), 'ZPL converted PDF', { exact: true });
    expect(rotations).toEqual(['180', '180']);
    await list.locator('.ant-list-item').nth(1).click();
    await expectVisible(page.getByTestId('label-canvas'));
    const zpl = await download(page, page.getByRole('button', { name: 'Download ZPL' }));
    expect(zpl.name).toMatch(/^package_2_\d{12}\.zpl$/);
    expect(zpl.bytes.toString()).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    // Drawn from the transaction: its shipper (4, 7) and recipient (12, 15, 17), on package 2 too.
    for (const text of [
      'Shipper Name',
      'Paris PA 19406',
      'Recipient Contact Name',
      'North York',
      '20122 (IT)',
      '2 OF 2',
    ])
      expect(zpl.bytes.toString()).toContain(text);
    const zplPdf = await download(page, page.getByRole('button', { name: 'Download PDF' }));
    expect(zplPdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const zplPng = await download(page, page.getByRole('button', { name: 'Download PNG' }));
    // 4×6 in at 8 dpmm.
    expect([zplPng.bytes.readUInt32BE(16), zplPng.bytes.readUInt32BE(20)]).toEqual([813, 1220]);
  }, 120_000);

  it('keeps Ship Now disabled for a transaction without the end field', async () => {
    const { page } = await openPage('/api/stratus', { clock: true });
    await signIn(page);
    await page.getByLabel('transaction', { exact: true }).fill(SAMPLE.replace(/99,""$/, ''));
    await expectText(page.getByTestId('format-tag'), 'format correct');
    await expectText(page.getByTestId('end-tag'), 'end field incorrect');
    expect(await page.getByRole('button', { name: 'Ship Now' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'ZPL' }).isDisabled()).toBe(true);
  });

  it('shows the error label of a FAILED order with Show Error Label, and names the field it rejects', async () => {
    const { page } = await openPage('/api/stratus', { clock: true });
    await signIn(page);
    await page.getByLabel('transaction', { exact: true }).fill(BAD_COUNT);
    await expect.poll(() => page.getByRole('radio', { name: 'Show Error Label' }).isChecked()).toBe(true);
    await shipAndWait(page, 1);
    await expectText(page.getByTestId('label-list'), 'error label');
    await expectText(page.getByTestId('preview-title'), 'raw PDF', { exact: true });
    await expectVisible(page.getByTestId('label-canvas'));
    const rejection = page.getByTestId('rejection');
    await expectText(rejection.getByTestId('named-fields'), 'fields named in the error: 116');
    await expectText(rejection, 'field 116 (package count) must be a whole number from 1 to 99, got "abc"');
    await expectVisible(rejection.locator('.tran-row-named').getByText('abc', { exact: true }));
  });
});
