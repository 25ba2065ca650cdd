import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export { referenceDir } from '../../test/reference-data';

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
/** Pages opened by the current test, screenshotted if it fails (see setup.ts). */
export const openPages: Page[] = [];

export function baseUrl(): string {
  return inject('baseUrl');
}

/** The run's one Chromium (launched by global-setup.ts), connected to once per spec file. */
async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  return browser;
}

export interface OpenPageOptions {
  /** Browser locale, e.g. 'zh-CN'. */
  locale?: string;
  /** Grant clipboard access (for copy buttons). */
  clipboard?: boolean;
  /**
   * Install Playwright's clock before the page loads: time flows as usual, and the test may move
   * it on (`page.clock.fastForward`) instead of waiting for the page's timers in real time.
   */
  clock?: boolean;
}

/**
 * A page in a fresh browser context (its own storage), opened at /lab<path>. Each context gets a
 * new, empty profile; all are closed after each test.
 */
export async function openPage(
  labPath = '/',
  options: OpenPageOptions = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
  });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  contexts.push(context);
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  openPages.push(page);
  await page.goto(`/lab${labPath === '/' ? '/' : labPath}`);
  return { page, context };
}

export async function closeContexts(): Promise<void> {
  openPages.length = 0;
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
}

/** Closes this file's contexts and its connection; the browser itself runs until global teardown. */
export async function closeBrowser(): Promise<void> {
  await closeContexts();
  await browser?.close();
  browser = undefined;
}

/** The file a click on `target` downloads (the wait starts before the click, so a quick one is not missed). */
export async function downloadOnClick(page: Page, target: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return download;
}

/**
 * The bytes of a download. The browser is connected to, not launched here, so `download.path()`
 * is not available: the file is saved to a temporary folder, read and removed.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-download-'));
  try {
    const file = path.join(dir, 'download');
    await download.saveAs(file);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `lab` command against the e2e server's database. */
export function labCli(
  args: string[],
  options: { input?: string | Buffer; env?: Record<string, string> } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/bin/lab.js'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
