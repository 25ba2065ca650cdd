import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labCli, openPage, referenceDir } from './support/browser';
import { expectText, expectVisible } from './support/expect';

const REQ = '020-global-shipping-transaction-request';
const sample = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!;
const SPACED = '0,"020" 4,"ACME" 79-1,"books"\n99,""';

describe('Search Transaction', () => {
  it('finds a field by id and by keyword from the starter definitions', async () => {
    const { page } = await openPage('/transaction/search');
    await expectText(page, REQ, { first: true });
    await page.getByLabel('keyword').fill('187');
    await page.getByLabel('search id').check();
    await page.getByRole('button', { name: /Search$/ }).click();
    const card = page.getByTestId('definition-card');
    await expectText(card, 'label_printer_type (187)');
    await expectText(card, REQ);
    await expectText(page.getByTestId('found-count'), '1 transaction found');

    await page.getByLabel('keyword').fill('sender_c');
    expect(await page.getByLabel('search id').isChecked()).toBe(false);
    await page.getByLabel('keyword').press('Enter');
    await expectText(card, 'sender_company (4)');
    await expectText(page.getByTestId('recent-keywords'), 'sender_c');
    await page.getByTestId('recent-keywords').getByText('187').click();
    expect(await page.getByLabel('keyword').inputValue()).toBe('187');
  });

  it('bookmarks a definition, keeps it across reloads, and clears all', async () => {
    const { page } = await openPage('/transaction/search');
    await page.getByLabel('keyword').fill('99');
    await page.getByLabel('search id').check();
    await page.getByLabel('keyword').press('Enter');
    await expectText(page, 'end_of_record (99)');
    await page.getByLabel('bookmark', { exact: true }).click();
    await expectVisible(page.getByLabel('remove bookmark', { exact: true }));
    await page.reload();
    await page.getByLabel('open My Transactions').click();
    const drawer = page.locator('.ant-drawer');
    await expectText(drawer, 'end_of_record (99)');
    await drawer.getByRole('button', { name: 'View All' }).click();
    await expectText(page, 'All bookmarked transactions being viewed');
    await expectText(page.getByTestId('definition-card'), 'end_of_record (99)');
    await page.getByLabel('open My Transactions').click();
    await drawer.getByRole('button', { name: 'Clear All' }).click();
    await expectText(page, 'All bookmarked transactions cleared');
    const stored = await page.evaluate(() => localStorage.getItem('transaction_tranqueryFavorites'));
    expect(stored).toBe('[]');
  });
});

describe('Parse Transaction', () => {
  it('parses the public sample with the starter definitions', async () => {
    const { page } = await openPage('/transaction/parse');
    await page.getByLabel('transaction', { exact: true }).fill(sample);
    await expectText(page.getByTestId('format-tag'), 'format correct');
    await page.getByRole('button', { name: 'Parse' }).click();
    await expectText(page.getByTestId('field-count'), '41 fields');
    await expectVisible(page.locator('.ant-table-row').filter({ hasText: 'transaction_code' }).first());
    await page.getByLabel('field name').fill('NOT FOUND');
    const unknown = page.locator('.ant-table-row.tran-row-warning');
    await expectVisible(unknown.filter({ hasText: '1958' }));
    expect(await page.getByTestId('field-count').textContent()).toMatch(/^\d+ of 41 fields$/);
  });

  it('toggles strict mode on a spaced transaction, then trims and copies it', async () => {
    const { page } = await openPage('/transaction/parse', { clipboard: true });
    await page.getByLabel('transaction', { exact: true }).fill(SPACED);
    await expectText(page.getByTestId('format-tag'), 'format correct');
    await page.getByLabel('strict mode').check();
    await expectText(page.getByTestId('format-tag'), 'format incorrect');
    expect(await page.getByRole('button', { name: 'Parse' }).isDisabled()).toBe(true);
    await page.getByLabel('strict mode').uncheck();
    await page.getByRole('button', { name: 'Trim' }).click();
    await expectText(page, 'trimmed transaction copied to clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe('0,"020"4,"ACME"79-1,"books"99,""');
  });
});

describe('lab transaction parse', () => {
  it('names the sample fields from the server database and exits 0, or 2 when strict fails', async () => {
    const ok = await labCli(['transaction', 'parse', '-'], { input: sample });
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.stdout) as { format: string; fields: { id: string; name: string; status: string }[] };
    expect(out.format).toBe('correct');
    expect(out.fields).toHaveLength(41);
    expect(out.fields[0]).toMatchObject({ id: '0', name: 'transaction_code', status: 'ok' });
    const bad = await labCli(['transaction', 'parse', '--strict', '-'], { input: SPACED });
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ format: 'incorrect', error: { position: 7 } });
  });
});
