import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit projects; the e2e suite has its own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
  },
});
