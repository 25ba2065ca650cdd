import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openPage, referenceDir } from './support/browser';
import { importEtdLanes, importHsReference } from './support/datasets';
import { expectRole, expectText, expectVisible } from './support/expect';
import { twinSample } from './support/playground';
import { artifactsDir } from './support/setup';

/**
 * Words that may show in Chinese too: product and format names, units, codes, and data the
 * screens display as it is (transaction type keys, country codes, sample values).
 */
const KEEP = new Set([
  'shipping lab',
  'http',
  'test',
  'alpha',
  'east',
  'cet',
  'base64',
  'pdf',
  'png',
  'zpl',
  'json',
  'csv',
  'etd',
  'eci',
  'ewo',
  'etd/eci',
  'hs',
  'url',
  'api',
  'fapi',
  'splunk',
  'webhook',
  'schema',
  'iso',
  'utc',
  'gmt',
  'english',
  'dpmm',
  'dpi',
  'crn',
  'ipd',
  'gbk',
  'utf',
  'latin',
  'code',
  'doc',
  'raw',
  'table',
  'view',
  'ean',
  'zip',
  'us',
  'cn',
  'dhl',
]);

/** Visible text outside data (code, inputs, tables of data, selected values) with English words left in it. */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(
    (keep) => {
      const skip =
        'code, pre, textarea, input, kbd, [data-i18n-data], .ant-select, .ant-table-tbody, .ant-message, .ant-notification, .ant-select-item-option';
      const out = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!el || !text || el.closest(skip)) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
        // A label with Chinese in it is translated; Latin words inside it are names or data.
        if (/[\u3400-\u9fff]/.test(text)) continue;
        const words = text.match(/[A-Za-z][A-Za-z0-9'’]{2,}/g) ?? [];
        const english = words.filter((w) => !keep.includes(w.toLowerCase()));
        if (english.length > 0 && !keep.includes(text.toLowerCase())) out.add(text);
      }
      return [...out];
    },
    [...KEEP],
  );
}

const USEFUL_TABS = [
  'regions',
  'cities',
  'states',
  'hs',
  'etd',
  'postal',
  'worldtime',
  'dimweight',
  'tracking',
  'account',
  'weirdtext',
  'logs',
  'splunk',
];
const BASE64_TABS = ['decode', 'pdf', 'png', 'zpl', 'raw'];

/** Every route of the screens this walk covers (each with a Chinese catalogue), every tab of the tabbed ones. */
const TRANSLATED_ROUTES = [
  '/',
  '/nowhere',
  '/transaction/search',
  '/transaction/parse',
  '/api/fdxwebhook',
  '/api/stratus',
  '/api/simulator',
  '/api/fapi',
  '/api/fapidoc',
  '/utils/zplcreator',
  '/utils/zebraprinter',
  '/utils/magpbatch',
  '/utils/etdimage',
  '/api/fapishippayloadgenerator',
  ...BASE64_TABS.map((t) => `/utils/base64?tab=${t}`),
  ...USEFUL_TABS.map((t) => `/utils/utils?tab=${t}`),
];

describe('Chinese', () => {
  // The HS and ETD tabs show the same data whichever file ran first (lookups.e2e.ts imports the same).
  beforeAll(async () => {
    for (const run of [await importHsReference(), await importEtdLanes()]) expect(run.code, run.stderr).toBe(0);
  });

  it.each(TRANSLATED_ROUTES)('shows %s in zh-CN with no English label outside data', async (route) => {
    const { page } = await openPage(route, { locale: 'zh-CN' });
    await expectRole(page, 'menuitem', { name: '首页' });
    await page.waitForLoadState('networkidle');
    expect(await untranslated(page)).toEqual([]);
  });

  it('switches language without reloading the page or losing what was typed', async () => {
    const { page } = await openPage('/transaction/parse');
    const box = page.getByLabel('transaction', { exact: true });
    await box.fill('0,"020"99,""');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByText('简体中文').click();
    await expectVisible(page.getByText('格式正确'));
    expect(await box.inputValue()).toBe('0,"020"99,""');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.getByText('English', { exact: true }).click();
    await expectVisible(page.getByText('format correct'));
  });
});

/** A call on the sandbox twin through the gateway, with a token of its own. */
async function sandboxCall(path: string, body: unknown, transactionId: string): Promise<number> {
  const token = await fetch(`${baseUrl()}/lab/api/carrier/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'zh-walk', client_secret: 'zh-walk' }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/lab/api/carrier/sandbox${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-upstream-authorization': `Bearer ${access_token}`,
      'x-customer-transaction-id': transactionId,
    },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe('Chinese, results that appear after an action', () => {
  it('the label check’s results are in Chinese', async () => {
    const fedex = fs.readFileSync(path.join(referenceDir, 'zpl-corpus/fedex.zpl'));
    const { page } = await openPage('/utils/base64?tab=zpl', { locale: 'zh-CN' });
    await page.getByLabel('Base64 input').fill(fedex.toString('base64'));
    await page.getByRole('button', { name: /^解\s?码$/ }).click();
    await expectVisible(page.getByTestId('label-image').first());
    await page.getByRole('button', { name: /检\s?查$/ }).click();
    await expectText(page.getByTestId('check-summary'), /[\u3400-\u9fff]/);
    await expectVisible(page.getByTestId('check-symbol').first());
    expect(await untranslated(page)).toEqual([]);
  });

  it('the Simulator’s traffic, its conformance issues and the shipments are in Chinese', async () => {
    const bad = structuredClone(await twinSample('postal-validate')) as Record<string, unknown>;
    delete bad.countryCode;
    expect(await sandboxCall('/country/v1/postal/validate', bad, 'zh-walk-postal')).toBe(400);
    expect(await sandboxCall('/ship/v1/shipments', await twinSample('ship-create'), 'zh-walk-ship')).toBe(200);

    const { page } = await openPage('/api/simulator?tab=traffic', { locale: 'zh-CN' });
    const table = page.getByTestId('traffic-table');
    const refused = table.getByRole('row').filter({ hasText: '/country/v1/postal/validate' }).first();
    await expectVisible(refused);
    expect(await untranslated(page)).toEqual([]);
    await refused.click();
    const request = page.getByTestId('request-conformance');
    await expectText(request, '缺少必填字段 countryCode');
    await expectText(request, '请求：1 个问题');
    expect(await untranslated(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '运单' }).click();
    await expectText(page.getByRole('table'), '已创建标签 (OC)', { first: true });
    expect(await untranslated(page)).toEqual([]);
  });
});

describe('Useful Tools tab bar', () => {
  it.each([1366, 1920])('shows all 13 tabs, none cut or hidden, at %i px', async (width) => {
    const { page } = await openPage('/utils/utils');
    await page.setViewportSize({ width, height: 900 });
    const bar = page.getByTestId('useful-tabbar');
    await expectVisible(bar);
    const tabs = bar.getByRole('tab');
    expect(await tabs.count()).toBe(13);
    const barBox = (await bar.boundingBox())!;
    for (let i = 0; i < 13; i++) {
      const tab = tabs.nth(i);
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(barBox.y + barBox.height + 1);
      // Not cut: the label fits its button.
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(await page.locator('.ant-tabs-nav-more').count()).toBe(0);
    // At most two rows of tabs.
    expect(barBox.height).toBeLessThanOrEqual(2 * 44);
    fs.mkdirSync(artifactsDir, { recursive: true });
    const shot = await bar.screenshot({ path: path.join(artifactsDir, `useful-tabbar-${width}.png`) });
    expect(shot.readUInt32BE(16)).toBe(Math.round(barBox.width)); // the PNG is the whole bar
    await tabs.nth(12).click();
    await page.waitForURL('**/utils/utils?tab=splunk');
  });
});
