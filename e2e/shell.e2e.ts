import { describe, expect, it } from 'vitest';
import { baseUrl, openPage } from './support/browser';
import { expectRole, expectText, expectVisible, POLL } from './support/expect';

describe('the app shell', () => {
  it('home renders the catalogue of tools with a working filter', async () => {
    const { page } = await openPage('/');
    await expectRole(page, 'heading', { name: 'Shipping Lab', level: 2 });
    const catalogue = page.getByRole('main');
    await expectRole(catalogue, 'link', { name: 'Useful Tools' });
    await page.getByPlaceholder('Filter tools').fill('zzzz no such tool');
    await expectText(page, 'No tool matches this filter');
    await page.getByPlaceholder('Filter tools').fill('useful');
    await catalogue.getByRole('link', { name: 'Useful Tools' }).click();
    await page.waitForURL('**/lab/utils/utils');
    // The URL changes at the click; the title is set once the tool's page (a lazy chunk) has rendered.
    await expect.poll(() => page.title(), POLL).toBe('Useful Tools · Shipping Lab');
  });

  it('an unknown path renders the 404 texts', async () => {
    const { page } = await openPage('/no/such/page');
    await expectText(page, 'HTTP 404');
    await expectText(page, 'THE PAGE YOU WERE LOOKING FOR COULD NOT BE FOUND.');
  });

  it('switches the chrome and antd components between English and 简体中文', async () => {
    const { page } = await openPage('/');
    await expectVisible(page.getByPlaceholder('Filter tools'));
    await page.getByText('简体中文').click();
    await expectVisible(page.getByPlaceholder('筛选工具'));
    await expectRole(page, 'menuitem', { name: '首页' });
    await page.reload();
    await expectVisible(page.getByPlaceholder('筛选工具'));
    await page.getByText('English', { exact: true }).click();
    await expectVisible(page.getByPlaceholder('Filter tools'));
  });

  it('a deep link loads the app, not a server 404', async () => {
    const res = await fetch(`${baseUrl()}/lab/transaction/search`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const { page } = await openPage('/transaction/search');
    await expectRole(page, 'menuitem', { name: 'Home' });
  });

  it('runs under the server CSP without violations and shows the footer year', async () => {
    const { page } = await openPage('/');
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.reload();
    await expectText(page, `© ${new Date().getFullYear()}`);
    expect(violations).toEqual([]);
  });
});
