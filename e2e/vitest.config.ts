import { defineConfig } from 'vitest/config';

// End-to-end: one built server (started in globalSetup) and system Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['../test/reference-data.ts', './support/global-setup.ts'],
    setupFiles: ['./support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    retry: 0,
  },
});
