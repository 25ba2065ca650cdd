import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { expectRole, expectSettled, expectText, POLL } from './support/expect';

describe('Useful Tools calculators and text tools', () => {
  it('Calculate Dim Weight: required values, then a freight verdict with reasons', async () => {
    const { page } = await openPage('/utils/utils?tab=dimweight');
    await expectRole(page, 'tab', { name: 'Calculate Dim Weight', selected: true });
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, 'enter weight & size before search');
    await page.getByLabel('Length').fill('300');
    await page.getByLabel('Width').fill('100');
    await page.getByLabel('Height').fill('100');
    await page.getByLabel('Gross weight').fill('80');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, 'Freight service required', { exact: true });
    await expectText(page, 'Reason of Freight Service');
    await expectText(page, 'Length + girth over 330 cm');
    await expectText(page, '600 kg');
    await page.getByLabel('Length').fill('60');
    await page.getByLabel('Width').fill('40');
    await page.getByLabel('Height').fill('30');
    await page.getByLabel('Gross weight').fill('10.2');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, 'No Freight service required');
    await expectText(page, '14.5 kg');
  });

  it('Calculate Tracking #: neighbours with a corrected check digit, copy one number', async () => {
    const { page } = await openPage('/utils/utils?tab=tracking', { clipboard: true });
    await page.getByLabel('count').fill('3');
    await page.getByLabel('tracking number').fill('271053820000');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectText(page, 'check digit of 271053820000 is wrong: the valid number is 271053820006');
    await expectText(page, 'Prev 3');
    await expectText(page, 'Next 3');
    await page.getByRole('button', { name: 'copy 271053820017' }).click();
    await expectText(page, '271053820017 copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('271053820017');
  });

  it('Verify Enterprise Account #: invalid with a suggestion, then valid', async () => {
    const { page } = await openPage('/utils/utils?tab=account');
    await page.getByLabel('account number').fill('123456789');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectText(page, 'account invalid, may be 123456784');
    await page.getByLabel('account number').fill('123456784');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectText(page, 'account valid', { exact: true });
    await page.getByLabel('account number').fill('12ab');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectText(page, 'account number must be 9 digits');
  });

  it('World Time: a Brussels hour skipped by daylight saving is explained', async () => {
    const { page } = await openPage('/utils/utils?tab=worldtime');
    const show = page.getByRole('button', { name: 'show time' });
    expect(await show.isDisabled()).toBe(true);
    await page.getByText('CET (EU)').click();
    await page.getByPlaceholder('Date').fill('2026-03-29');
    await page.getByPlaceholder('Date').press('Enter');
    await page.getByRole('combobox', { name: 'time' }).click();
    const two = page.getByTitle('02:00');
    await expectSettled(two);
    await two.click();
    await show.click();
    await expectText(page, 'This time does not exist');
    await expectText(page, /02:00 on 2026-03-29 does not exist in Europe\/Brussels/);
    // 02:00 CET = 01:00 UTC = 09:00 in Shanghai
    const results = page.getByTestId('world-time-results');
    await expectText(results, '09:00', { exact: true });
    await expectText(results, 'Asia/Shanghai (China Standard Time, UTC+08:00)');
  });

  it('Translate Weird Text: Chinese mojibake is repaired and named', async () => {
    const { page } = await openPage('/utils/utils?tab=weirdtext', { clipboard: true });
    await page.getByLabel('weird text', { exact: true }).fill('鍖椾含');
    await page.getByRole('button', { name: 'Translate' }).click();
    await expectText(page, 'UTF-8 read as GBK', { first: true });
    await page.getByRole('button', { name: 'copy candidate 1' }).click();
    await expectText(page, 'text copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('北京');
  });

  it('Log Beautifier: documents indented and secrets masked until switched off', async () => {
    const { page } = await openPage('/utils/utils?tab=logs');
    await page
      .getByLabel('log text')
      .fill('POST /oauth/token {"client_id":"abc","client_secret":"s3cr3t"} <r><Id>7</Id></r>');
    await expectText(page, '2 document(s) found, 1 secret(s) masked');
    const out = page.getByTestId('beautified');
    await expectText(out, '"client_secret": "********"');
    await page.getByRole('switch', { name: 'mask secrets' }).click();
    await expectText(out, '"client_secret": "s3cr3t"');
  });

  it('FAPI Splunk: the query follows the form and the saved index', async () => {
    const { page } = await openPage('/utils/utils?tab=splunk');
    await page.getByLabel('tracking number').fill('794600000000');
    await page.getByText('Sandbox').click();
    const query = page.getByTestId('splunk-query');
    await expectText(
      query,
      'search index=apigw_sandbox sourcetype=apigw:access "794600000000" earliest=-24h latest=now',
    );
    await page.getByText('Settings (saved in this browser)').click();
    await page.getByLabel('sandbox index').fill('sbx_gateway');
    await page.reload();
    await page.getByLabel('tracking number').fill('1');
    await page.getByText('Sandbox').click();
    await expectText(query, /search index=sbx_gateway /);
  });

  it('My Memo: a saved row survives a reload, encrypted in the browser', async () => {
    const { page } = await openPage('/utils/utils?tab=dimweight');
    await page.getByRole('button', { name: /My Memo/ }).click();
    await expectText(page, 'No memo yet');
    await page.getByRole('button', { name: /Add/ }).click();
    await page.getByLabel('nickname 1').fill('test acct');
    await page.getByLabel('value 1').fill('510087020');
    await page.getByRole('button', { name: 'Save and close' }).click();
    await expectText(page, 'Your memo saved to browser cache with encryption');
    const stored = await page.evaluate(() => localStorage.getItem('secure:memo'));
    expect(stored).not.toContain('510087020');
    await page.reload();
    await page.getByRole('button', { name: /My Memo/ }).click();
    // The memo is decrypted (WebCrypto, asynchronous) after the page loads: wait for its value.
    await expect.poll(() => page.getByLabel('value 1').inputValue(), POLL).toBe('510087020');
  });
});
