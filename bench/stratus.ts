// Stratus screen: click-to-first-label time against the built-in simulator with its 2 s polling.
// The built server runs with the simulator's defaults (STRATUS_SIM_PENDING_POLLS=2: the first two
// GETs of an order answer PENDING), so the screen posts, polls at 2 s, 4 s and 6 s, converts and
// shows the first label. The clock runs from the Ship Now click until the first label is drawn in
// the viewer (its canvas). Two packages per order (the reference sample with field 116 = 2), as
// PDF (rendered by the simulator) and as rotated ZPL (converted by our label service).
import type { Page } from 'playwright-core';
import { stratusSample } from '@lab/server/bench';
import { count, report, startServer, summarize } from './support.ts';
import { launchChromium } from './support/browser.ts';

const RUNS = count(5, 1, 'RUNS');
/** GETs of an order that answer PENDING (the simulator's default 2; a smoke run skips the wait). */
const PENDING_POLLS = count(2, 0);

const PACKAGES = count(2, 1);
// The screen sets 187 (printer type) itself for the output chosen.
const TRANSACTION = stratusSample('DIB', `116,"${PACKAGES}"`);

const option = (page: Page, name: string) =>
  page.locator('label.ant-radio-button-wrapper', { hasText: new RegExp(`^${name}$`) });

interface Sample {
  total: number;
  /** Click → the answer to the GET that found the order settled. */
  settled: number;
  /** Click → the last label-service conversion answered (ZPL only). */
  converted: number;
}

async function clickToFirstLabel(page: Page): Promise<Sample> {
  let settled = NaN;
  let converted = NaN;
  const t = performance.now();
  const onResponse = (res: { url(): string; request(): { method(): string } }) => {
    const url = res.url();
    if (/\/lab\/api\/stratus\/stratus\/v1\/order\/[^/]+$/.test(url)) settled = performance.now() - t;
    if (url.includes('/lab/api/labels/v1/printers/')) converted = performance.now() - t;
  };
  page.on('response', onResponse);
  await page.getByRole('button', { name: 'Ship Now' }).click();
  await page.getByTestId('label-list').waitFor({ state: 'detached' });
  await page.getByTestId('label-canvas').waitFor({ timeout: 60_000 });
  const total = performance.now() - t;
  page.off('response', onResponse);
  return { total, settled, converted };
}

const server = await startServer({ STRATUS_SIM_PENDING_POLLS: String(PENDING_POLLS) });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/lab/api/stratus`);
  await page.getByRole('button', { name: 'I understand and accept' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stratus Credentials' });
  await dialog.getByLabel('Client Key').fill('bench-key');
  await dialog.getByLabel('Client Secret').fill('bench-secret');
  await dialog.getByLabel('API Key').fill('bench-api-key');
  await dialog.getByRole('button', { name: 'verify or refresh token' }).click();
  await dialog.getByText('key pair verified', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'save and close' }).click();
  await page.getByLabel('transaction', { exact: true }).fill(TRANSACTION);

  for (const mode of ['PDF', 'ZPL rotated'] as const) {
    if (mode === 'ZPL rotated') {
      await option(page, 'ZPL').click();
      await option(page, 'Rotated').click();
    }
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await clickToFirstLabel(page));
    const s = summarize(samples.map((x) => x.total));
    report(`Stratus click → first label, ${mode}, p50 of ${RUNS}`, s.p50, 'ms');
    report(`Stratus click → first label, ${mode}, max of ${RUNS}`, s.max, 'ms');
    report(
      `  of which click → order settled (GET ${PENDING_POLLS + 1}), p50`,
      summarize(samples.map((x) => x.settled)).p50,
      'ms',
    );
    if (mode !== 'PDF')
      report(`  of which click → labels converted, p50`, summarize(samples.map((x) => x.converted)).p50, 'ms');
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
