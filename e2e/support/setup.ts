import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, onTestFailed } from 'vitest';
import { closeBrowser, closeContexts, openPages, repoRoot } from './browser';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

// On failure, keep a screenshot of every page the test opened (CI keeps e2e/artifacts/).
beforeEach(({ task }) => {
  onTestFailed(async () => {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const base = `${path.basename(task.file?.name ?? 'test')}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
    await Promise.all(
      openPages.map((page, i) =>
        page.screenshot({ path: path.join(artifactsDir, `${base}-${i}.png`), fullPage: true }).catch(() => {}),
      ),
    );
  });
});

afterEach(async () => {
  await closeContexts();
});

afterAll(async () => {
  await closeBrowser();
});
