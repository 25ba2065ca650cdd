// FAPI Playground budgets: its chunk sizes (raw and gzip), and the time from a click on
// "call API" to the rendered answer for create shipment against the built-in simulator, through
// the gateway, in system Chromium (the carrier's documents imported, so the simulator validates
// as in use). The clock runs in the page: a click on "call API" → the frame after the tab's
// history count and the response summary show the new call (set in the same render as the
// response editor's text).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium, CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { repoRoot, report, startServer, summarize } from './support.ts';

const RUNS = Math.min(Number(process.env.RUNS ?? 15), 17); // the tab keeps 20 calls; 3 are warm-up
const WARMUP = 3;
/** `LABELS=URL_ONLY`: the overwrite row asks for label URLs (no label rendering in the simulator). */
const LABELS = process.env.LABELS === 'URL_ONLY' ? 'URL_ONLY' : 'LABEL';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const dist = path.join(repoRoot, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
/** The entry and its static imports (as bench/shell.ts counts them; importing it would run that bench). */
function shellFiles(): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry[0]);
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}
const shell = new Set(shellFiles());

/** A chunk plus the chunks it imports statically that are not already loaded (shell, `loaded`). */
function closure(key: string, loaded: Set<string>): string[] {
  const out = new Set<string>();
  const visit = (k: string) => {
    const c = manifest[k];
    if (!c || shell.has(c.file) || loaded.has(c.file) || out.has(c.file)) return;
    out.add(c.file);
    for (const dep of c.imports ?? []) visit(dep);
  };
  visit(key);
  return [...out].filter((f) => f.endsWith('.js'));
}

function sizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dist, f));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { raw: raw / 1024, gzip: gzip / 1024 };
}

const pageFiles = closure('src/tools/fapi/FapiPage.tsx', new Set());
const editorFiles = closure('src/tools/fapi/JsonEditor.tsx', new Set(pageFiles));
const toolEntry = sizes([manifest['src/tools/fapi/index.ts']?.file].filter((f): f is string => !!f && !shell.has(f)));
const page = sizes(pageFiles);
const editor = sizes(editorFiles);
report(`playground page chunks, raw (${pageFiles.length} files)`, page.raw, 'KB');
report(`playground page chunks, gzip`, page.gzip, 'KB');
report(`JSON editor chunks (lazy), raw (${editorFiles.length} files)`, editor.raw, 'KB');
report(`JSON editor chunks (lazy), gzip`, editor.gzip, 'KB');
if (toolEntry.raw > 0) report('tool entry outside the shell, gzip', toolEntry.gzip, 'KB');
console.log(`page chunks: ${pageFiles.join(', ')}`);
console.log(`editor chunks: ${editorFiles.join(', ')}`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  execFileSync(
    process.execPath,
    [
      'apps/server/bin/lab.js',
      'import',
      'carrier-openapi',
      path.resolve(repoRoot, '../shared/reference/carrier-openapi'),
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'warn' }, stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 1_500)); // OPENAPI_RECHECK_MS
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('fapi.reminderAccepted', '1'));
  const p = await context.newPage();
  await p.goto(`${server.baseUrl}/lab/api/fapi`);
  await p.getByRole('button', { name: 'Credential Required' }).click();
  const slot = p.getByTestId('slot-No.1');
  await slot.getByLabel('API key').fill('bench-key');
  await slot.getByLabel('API secret', { exact: true }).fill('bench-secret');
  await slot.getByRole('button', { name: 'Apply' }).click();
  await p.getByRole('button', { name: 'Sandbox' }).waitFor();
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'sample', exact: true }).click();
  await p.getByTestId('schema-valid').waitFor();
  if (LABELS === 'URL_ONLY') {
    await p.getByLabel('labelResponseOptions').click();
    await p.getByTitle('URL_ONLY', { exact: true }).click();
  }
  const times: number[] = [];
  const upstream: number[] = [];
  let size = '';
  for (let i = 1; i <= RUNS + WARMUP; i++) {
    // Timed in the page: a DOM click on "call API" → the frame after the answer is in the DOM
    // (the tab's history count and the response's status tag change in the same render).
    await p.waitForFunction(
      `Array.from(document.querySelectorAll('button')).some((x) => x.textContent.trim() === 'call API' && !x.disabled)`,
    );
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    const ms = (await p.evaluate(`new Promise((resolve) => {
      const buttons = () => Array.from(document.querySelectorAll('button'));
      const button = buttons().find((x) => x.textContent.trim() === 'call API');
      const t = performance.now();
      const observer = new MutationObserver(() => {
        if (!buttons().some((x) => x.textContent.includes('history (${i})'))) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      button.click();
    })`)) as number;
    await p.getByTestId('response-summary').getByText('200 OK').waitFor();
    if (i > WARMUP) {
      times.push(ms);
      const tags = await p.getByTestId('response-summary').locator('.ant-tag').allTextContents();
      upstream.push(Number(/([\d.]+) ms/.exec(tags.join(' '))?.[1] ?? NaN));
      size = tags.find((x) => / B$/.test(x)) ?? '';
    }
  }
  const s = summarize(times);
  report(`create shipment (${LABELS}) click → rendered response, p50 of ${s.n}`, s.p50, 'ms');
  report(`create shipment (${LABELS}) click → rendered response, p95`, s.p95, 'ms');
  const u = summarize(upstream);
  report(`  of which upstream (Server-Timing), p50`, u.p50, 'ms');
  console.log(`response size: ${size}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
