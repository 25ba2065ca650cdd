import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit projects; the e2e suite has its own config (e2e/vitest.config.ts).
// Vitest's default is one worker fewer than the cores, so on a 2-core machine one worker ran every file
// while the main process idled: a worker per core.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    maxWorkers: os.availableParallelism(),
  },
});
