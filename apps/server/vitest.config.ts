import { defineProject } from 'vitest/config';

export default defineProject({
  // Resolve @lab/core to its TypeScript source so tests never need a prior build.
  resolve: { conditions: ['@lab/source'] },
  ssr: { resolve: { conditions: ['@lab/source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // After the reference-data check: builds the run's template database (src/test/globalSetup.ts).
    globalSetup: ['../../test/reference-data.ts', 'src/test/globalSetup.ts'],
    setupFiles: ['../../test/fast-check.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
