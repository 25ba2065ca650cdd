import { describe, expect, it } from 'vitest';
import { baseUrl, openPage } from './support/browser';

describe('the app shell', () => {
  it('home renders the catalogue of tools with a working filter', async () => {
    const { page } = await openPage('/');
    await page.getByRole('heading', { name: 'Shipping Lab', level: 2 }).waitFor();
    const catalogue = page.getByRole('main');
    await catalogue.getByRole('link', { name: 'Useful Tools' }).waitFor();
    await page.getByPlaceholder('Filter tools').fill('zzzz no such tool');
    await page.getByText('No tool matches this filter').waitFor();
    await page.getByPlaceholder('Filter tools').fill('useful');
    await catalogue.getByRole('link', { name: 'Useful Tools' }).click();
    await page.waitForURL('**/lab/utils/utils');
    expect(await page.title()).toBe('Useful Tools · Shipping Lab');
  });

  it('an unknown path renders the 404 texts', async () => {
    const { page } = await openPage('/no/such/page');
    await page.getByText('HTTP 404').waitFor();
    await page.getByText('THE PAGE YOU WERE LOOKING FOR COULD NOT BE FOUND.').waitFor();
  });

  it('switches the chrome and antd components between English and 简体中文', async () => {
    const { page } = await openPage('/');
    await page.getByPlaceholder('Filter tools').waitFor();
    await page.getByText('简体中文').click();
    await page.getByPlaceholder('筛选工具').waitFor();
    await page.getByRole('menuitem', { name: '首页' }).waitFor();
    await page.reload();
    await page.getByPlaceholder('筛选工具').waitFor();
    await page.getByText('English', { exact: true }).click();
    await page.getByPlaceholder('Filter tools').waitFor();
  });

  it('a deep link loads the app, not a server 404', async () => {
    const res = await fetch(`${baseUrl()}/lab/transaction/search`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const { page } = await openPage('/transaction/search');
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
  });

  it('runs under the server CSP without violations and shows the footer year', async () => {
    const { page } = await openPage('/');
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.reload();
    await page.getByText(`© ${new Date().getFullYear()}`).waitFor();
    expect(violations).toEqual([]);
  });
});
