// First uses after start (issue 43 item 8): the first city search, label check and PDF label, each
// timed in Chromium from the action (the page's request) to the result, on a server started with
// WARM_UP_ON_START=0 (before: the first use loads the city index, a render worker, the PDF writer
// and decoder) and =1 (after: `serve` loads them in the background after start). The server runs
// `settle` ms after start before the first action, as a person opening a screen would.
// Run: npm run build && npx tsx --conditions=@lab/source bench/first-use.ts
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './support/browser.ts';
import { count, pause, repoRoot, report, startServer } from './support.ts';

const SETTLE_MS = count(15_000, 200, 'BENCH_SETTLE_MS');
const fedex = fs.readFileSync(path.resolve(repoRoot, '../shared/reference/zpl-corpus/fedex.zpl'), 'utf8');

const browser = await launchChromium();
try {
  for (const warm of ['0', '1'] as const) {
    // Speed on a loaded machine is what is measured, not the deadlines: they must not turn a slow first use into a 422.
    const server = await startServer({
      WARM_UP_ON_START: warm,
      LABEL_WORKERS: '1',
      LABEL_REQUEST_DEADLINE_MS: '300000',
      LABEL_RENDER_TIMEOUT_MS: '300000',
    });
    try {
      await pause(SETTLE_MS);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/lab/`);
      // Each action is the request the screen sends; the result is its answer read whole.
      // A string, not a function: tsx's helpers (`__name`) do not exist in the page.
      const times = (await page.evaluate(`(async (zpl) => {
        async function timed(run) {
          const t = performance.now();
          const res = await run();
          if (!res.ok) throw new Error('answered ' + res.status + ': ' + (await res.text()));
          await res.arrayBuffer();
          return performance.now() - t;
        }
        const city = await timed(() => fetch('/lab/api/utils/v1/cities?q=Mun&limit=20'));
        const form = new FormData();
        form.append('file', new Blob([zpl], { type: 'text/plain' }), 'label.zpl');
        const check = await timed(() =>
          fetch('/lab/api/labels/v1/printers/8dpmm/labels/4x6/check', { method: 'POST', body: form }),
        );
        // Another label than the check's, so no cached render answers it.
        const pdf = await timed(() =>
          fetch('/lab/api/labels/v1/printers/8dpmm/labels/4x6/', {
            method: 'POST',
            headers: { accept: 'application/pdf', 'content-type': 'application/x-www-form-urlencoded' },
            body: zpl.replace(/\\^XZ\\s*$/, '^FXfirst pdf^FS^XZ'),
          }),
        );
        return { city, check, pdf };
      })(${JSON.stringify(fedex)})`)) as { city: number; check: number; pdf: number };
      await context.close();
      const when = warm === '1' ? 'after (warm-up on)' : 'before (warm-up off)';
      report(`first city search, ${when}`, times.city, 'ms');
      report(`first label check, ${when}`, times.check, 'ms');
      report(`first PDF label, ${when}`, times.pdf, 'ms');
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
