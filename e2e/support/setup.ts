import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { closeBrowser, closeContexts, openPages, repoRoot } from './browser';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

// On failure, keep a screenshot of every page the test opened (CI keeps e2e/artifacts/). Taken in
// afterEach, before the contexts close: Vitest runs onTestFailed handlers after the afterEach
// hooks, when the pages are already gone.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const base = `${path.basename(task.file?.name ?? 'test')}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
    await Promise.all(
      openPages.map((page, i) =>
        page
          .screenshot({ path: path.join(artifactsDir, `${base}-${i}.png`), fullPage: true, timeout: 10_000 })
          .catch((err: unknown) => console.warn(`no screenshot of page ${i}: ${String(err)}`)),
      ),
    );
  }
  await closeContexts();
});

afterAll(async () => {
  await closeBrowser();
});
