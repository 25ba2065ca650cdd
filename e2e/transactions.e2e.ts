import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labCli, openPage, referenceDir } from './support/browser';

const REQ = '020-global-shipping-transaction-request';
const sample = fs
  .readFileSync(path.join(referenceDir, 'fsms/samples.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('0,"020"'))!;
const SPACED = '0,"020" 4,"ACME" 79-1,"books"\n99,""';

describe('Search Transaction', () => {
  it('finds a field by id and by keyword from the starter definitions', async () => {
    const { page } = await openPage('/transaction/search');
    await page.getByText(REQ).first().waitFor();
    await page.getByLabel('keyword').fill('187');
    await page.getByLabel('search id').check();
    await page.getByRole('button', { name: /Search$/ }).click();
    const card = page.getByTestId('definition-card');
    await card.getByText('label_printer_type (187)').waitFor();
    await card.getByText(REQ).waitFor();
    await page.getByTestId('found-count').getByText('1 transaction found').waitFor();

    await page.getByLabel('keyword').fill('sender_c');
    expect(await page.getByLabel('search id').isChecked()).toBe(false);
    await page.getByLabel('keyword').press('Enter');
    await card.getByText('sender_company (4)').waitFor();
    await page.getByTestId('recent-keywords').getByText('sender_c').waitFor();
    await page.getByTestId('recent-keywords').getByText('187').click();
    expect(await page.getByLabel('keyword').inputValue()).toBe('187');
  });

  it('bookmarks a definition, keeps it across reloads, and clears all', async () => {
    const { page } = await openPage('/transaction/search');
    await page.getByLabel('keyword').fill('99');
    await page.getByLabel('search id').check();
    await page.getByLabel('keyword').press('Enter');
    await page.getByText('end_of_record (99)').waitFor();
    await page.getByLabel('bookmark', { exact: true }).click();
    await page.getByLabel('remove bookmark', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('open My Transactions').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('end_of_record (99)').waitFor();
    await drawer.getByRole('button', { name: 'View All' }).click();
    await page.getByText('All bookmarked transactions being viewed').waitFor();
    await page.getByTestId('definition-card').getByText('end_of_record (99)').waitFor();
    await page.getByLabel('open My Transactions').click();
    await drawer.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('All bookmarked transactions cleared').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('transaction_tranqueryFavorites'));
    expect(stored).toBe('[]');
  });
});

describe('Parse Transaction', () => {
  it('parses the public sample with the starter definitions', async () => {
    const { page } = await openPage('/transaction/parse');
    await page.getByLabel('transaction', { exact: true }).fill(sample);
    await page.getByTestId('format-tag').getByText('format correct').waitFor();
    await page.getByRole('button', { name: 'Parse' }).click();
    await page.getByTestId('field-count').getByText('41 fields').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: 'transaction_code' }).first().waitFor();
    await page.getByLabel('field name').fill('NOT FOUND');
    const unknown = page.locator('.ant-table-row.tran-row-warning');
    await unknown.filter({ hasText: '1958' }).waitFor();
    expect(await page.getByTestId('field-count').textContent()).toMatch(/^\d+ of 41 fields$/);
  });

  it('toggles strict mode on a spaced transaction, then trims and copies it', async () => {
    const { page } = await openPage('/transaction/parse', { clipboard: true });
    await page.getByLabel('transaction', { exact: true }).fill(SPACED);
    await page.getByTestId('format-tag').getByText('format correct').waitFor();
    await page.getByLabel('strict mode').check();
    await page.getByTestId('format-tag').getByText('format incorrect').waitFor();
    expect(await page.getByRole('button', { name: 'Parse' }).isDisabled()).toBe(true);
    await page.getByLabel('strict mode').uncheck();
    await page.getByRole('button', { name: 'Trim' }).click();
    await page.getByText('trimmed transaction copied to clipboard').waitFor();
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
