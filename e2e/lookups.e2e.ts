import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { importEtdLanes, importHsReference } from './support/datasets';
import { expectRole, expectSettled, expectText, expectVisible } from './support/expect';

describe('Useful Tools lookups', () => {
  it('opens on Search Regions and finds China by alpha-2 "cn"', async () => {
    const { page } = await openPage('/utils/utils');
    await expectRole(page, 'tab', { name: 'Search Regions', selected: true });
    await page.getByLabel('keyword').fill('cn');
    await page.getByLabel('keyword').press('Enter');
    const card = page.getByTestId('region-CN');
    await expectText(card, "People's Republic of China 中国");
    await expectText(card, 'Eastern Asia');
    await expectText(card, 'Unknown');
    await expectText(card, 'Postal Routed (6 digits · ^\\d{6}$)');
  });

  it('finds China by its Chinese name and warns on an empty keyword', async () => {
    const { page } = await openPage('/utils/utils?tab=regions');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, 'enter a code or word before search');
    await page.getByText('Name', { exact: true }).click();
    await page.getByLabel('keyword').fill('中国');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectVisible(page.getByTestId('region-CN'));
  });

  it('browses the UN M49 cascade: Asia → Eastern Asia', async () => {
    const { page } = await openPage('/utils/utils');
    await page.getByRole('combobox', { name: 'region' }).click();
    const asia = page.getByTitle('Asia', { exact: true });
    await expectSettled(asia);
    await asia.click();
    await expectVisible(page.getByTestId('region-CN'));
    await page.getByTitle('Eastern Asia', { exact: true }).click();
    await expectVisible(page.getByTestId('region-JP'));
    expect(await page.getByTestId('region-IN').count()).toBe(0);
  });

  it('searches HS codes after importing the reference nomenclature', async () => {
    const imported = await importHsReference();
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('imported 6939 rows into hs-cn');
    const { page } = await openPage('/utils/utils?tab=hs');
    await page.getByLabel('商品编码').fill('010');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expectText(page, '请输入至少4位数字');
    await page.getByLabel('商品编码').fill('0101');
    await page.getByLabel('商品编码').press('Enter');
    await expectText(page, /^共找到\d+条记录$/);
    await expectRole(page, 'cell', { name: 'Horses, asses, mules and hinnies; live' });
    await expectText(page, /数据版本：HS2022/);
  });

  it('swaps an ETD/ECI lane and downloads the browse table as CSV', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-etd-'));
    const imported = await importEtdLanes();
    expect(imported.stdout).toContain('imported 2 rows into etd-eci');

    const { page } = await openPage('/utils/utils?tab=etd');
    await page.getByRole('button', { name: 'swap' }).click();
    await expectText(page, 'Sucessfully get requirement from US to CN');
    const importSide = page.getByTestId('etd-import');
    await expectText(importSide, 'EWO');
    await expectText(importSide, 'Letterhead Prohibited');

    await expectText(page, 'Dataset 2023-03: 2 of 2 destinations');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^etd-eci-\d{8}-\d{6}\.csv$/);
    const saved = path.join(dir, 'download.csv');
    await download.saveAs(saved);
    const bytes = fs.readFileSync(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'alpha_2,name,name_cn,etd_import,eci_import,signature_import,letterhead_import\r\n' +
        "CN,People's Republic of China,中国,NO,NO,REQUIRED,PROHIBITED\r\n" +
        'US,United States of America,美国,YES,YES,OPTIONAL,OPTIONAL\r\n',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('looks up US 10001 → New York', async () => {
    const { page } = await openPage('/utils/utils?tab=postal');
    await page.getByLabel('postal code', { exact: true }).fill('10001');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, '1 result(s) returned');
    await expectRole(page, 'cell', { name: 'New York, NY' });
    await expectText(page, 'Primary', { exact: true });
  });

  it('searches cities and filters US states', async () => {
    const { page } = await openPage('/utils/utils?tab=cities');
    await page.getByLabel('city').fill('shangh');
    await page.getByLabel('city').press('Enter');
    await expectRole(page, 'cell', { name: 'Shanghai', exact: true });
    await page.getByRole('tab', { name: 'Search US States' }).click();
    await page.waitForURL(/tab=states/);
    await page.getByLabel('state filter').fill('sacramento');
    await expectRole(page, 'cell', { name: 'California' });
  });
});
