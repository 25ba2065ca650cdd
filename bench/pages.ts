// Page open times in system Chromium at 1366×900. "open from Home": Home is loaded in a fresh
// browser context (empty cache), then the app navigates to the page (as a menu click does) and the
// clock runs until the page's first content shows: what a person waits for after a click. Home
// itself is timed cold (navigation to filter box). Also lists, for Useful Tools, the API calls and
// chunks fetched before any tab is clicked.
import type { Page, Request } from 'playwright-core';
import { count, report, smoke, startServer, summarize } from './support.ts';
import { launchChromium } from './support/browser.ts';

const RUNS = count(5, 1, 'RUNS');

/** What a menu click does: the router moves to the path without loading the document again. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate(`history.pushState({}, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);

/** Route and what shows that the page is usable. */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'Home', path: '/', ready: (p) => p.getByPlaceholder('Filter tools').waitFor() },
  {
    name: 'Useful Tools',
    path: '/utils/utils',
    ready: (p) => p.getByRole('tabpanel').getByRole('button', { name: 'Search', exact: true }).first().waitFor(),
  },
  {
    name: 'Search Transaction',
    path: '/transaction/search',
    ready: (p) => p.getByLabel('keyword', { exact: true }).waitFor(),
  },
  {
    name: 'Parse Transaction',
    path: '/transaction/parse',
    ready: (p) => p.getByLabel('transaction', { exact: true }).waitFor(),
  },
  { name: 'Decode Base64', path: '/utils/base64', ready: (p) => p.getByLabel('Base64 input').first().waitFor() },
];

/** What Useful Tools fetches up front, from Home: JS chunks and API calls before any tab is clicked. */
async function usefulToolsFetches(page: Page) {
  const api: string[] = [];
  const scripts: string[] = [];
  await page.waitForLoadState('networkidle');
  const onRequest = (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/lab/api/')) api.push(`${req.method()} ${url.pathname}`);
    if (req.resourceType() === 'script')
      scripts.push(
        url.pathname
          .split('/')
          .pop()!
          .replace(/-[\w-]{8}\.js$/, ''),
      );
  };
  page.on('request', onRequest);
  await navigateInApp(page, '/lab/utils/utils');
  await PAGES[1]!.ready(page);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  console.log(`Useful Tools, chunks fetched after Home (${scripts.length}): ${scripts.join(', ')}`);
  console.log(`Useful Tools, API calls before any tab click: ${api.join(', ') || 'none'}`);
}

const server = await startServer();
const browser = await launchChromium();
try {
  // A smoke run opens Home once and walks to every page in it: a cold open costs ~3 s of
  // Chromium's CPU, and the smoke checks that each page still opens, not how fast.
  if (smoke) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/lab/`);
    await PAGES[0]!.ready(page);
    await usefulToolsFetches(page);
    for (const target of PAGES.slice(1)) {
      const t = performance.now();
      await navigateInApp(page, `/lab${target.path}`);
      await target.ready(page);
      report(`${target.name} open in one context (smoke)`, performance.now() - t, 'ms');
      await navigateInApp(page, '/lab/');
      await PAGES[0]!.ready(page);
    }
    await context.close();
  }
  for (const target of smoke ? [] : PAGES) {
    const cold: number[] = [];
    const inApp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      let t = performance.now();
      await page.goto(`${server.baseUrl}/lab/`);
      await PAGES[0]!.ready(page);
      cold.push(performance.now() - t);
      if (target.path !== '/') {
        t = performance.now();
        await navigateInApp(page, `/lab${target.path}`);
        await target.ready(page);
        inApp.push(performance.now() - t);
      }
      await context.close();
    }
    if (target.path === '/') report(`Home cold open, p50 of ${RUNS}`, summarize(cold).p50, 'ms');
    else report(`${target.name} open from Home, p50 of ${RUNS}`, summarize(inApp).p50, 'ms');
  }

  if (!smoke) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/lab/`);
    await PAGES[0]!.ready(page);
    await usefulToolsFetches(page);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
