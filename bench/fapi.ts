// FAPI Playground budgets: its chunk sizes (raw and gzip), and the time from a click on
// "call API" to the rendered answer for create shipment against the built-in simulator, through
// the gateway, in system Chromium (the carrier's ship document imported, so the simulator
// validates as in use). The clock runs in the page: a click on "call API" → the frame after the tab's
// history count and the response summary show the new call (set in the same render as the
// response editor's text).
import { carrierDocuments, count, report, smoke, startServer, summarize } from './support.ts';
import { launchChromium } from './support/browser.ts';
import { gzipKb, rawKb, readManifest, shellFiles, staticClosure, type Manifest } from './support/webBuild.ts';

const RUNS = Math.min(count(15, 1, 'RUNS'), 17); // the tab keeps 20 calls; 3 are warm-up
const WARMUP = count(3, 0);
/** `LABELS=URL_ONLY`: the overwrite row asks for label URLs (the simulator still draws the PDF, to serve it). */
const LABELS = process.env.LABELS === 'URL_ONLY' ? 'URL_ONLY' : 'LABEL';
/**
 * A smoke run asks for a ZPL label, which the simulator writes without drawing: the click path is
 * the same, and a PDF from a cold render thread costs ~6 s of CPU.
 */
const LABEL_SPEC = smoke ? 'ZPLII STOCK_4X6' : '';

const manifest: Manifest = readManifest();
const shell = new Set(shellFiles(manifest));

/** A chunk plus the chunks it imports statically that are not already loaded (shell, `loaded`). */
function closure(key: string, loaded: Set<string>): string[] {
  return [...staticClosure(manifest, key)]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js') && !shell.has(f) && !loaded.has(f));
}

const sizes = (files: string[]) => ({ raw: rawKb(files), gzip: gzipKb(files) });

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

const server = await startServer({}, { carrierDocuments: carrierDocuments('ship-create') });
const browser = await launchChromium();
try {
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
  if (LABEL_SPEC) {
    await p.getByLabel('labelSpecification').click();
    await p.getByTitle(LABEL_SPEC, { exact: true }).click();
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
  report(
    `create shipment (${LABELS}${LABEL_SPEC ? `, ${LABEL_SPEC}` : ''}) click → rendered response, p50 of ${s.n}`,
    s.p50,
    'ms',
  );
  report(
    `create shipment (${LABELS}${LABEL_SPEC ? `, ${LABEL_SPEC}` : ''}) click → rendered response, p95`,
    s.p95,
    'ms',
  );
  const u = summarize(upstream);
  report(`  of which upstream (Server-Timing), p50`, u.p50, 'ms');
  console.log(`response size: ${size}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
