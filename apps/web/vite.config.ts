/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app lives under /lab/ (served by @lab/server); @lab/core is compiled from source.
// `@/…` is apps/web/src (the same alias as tsconfig.json's paths), so no import climbs out with ../../.
export default defineConfig({
  base: '/lab/',
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Project data at the repository root (data/), read by tools at build time.
      '@data': fileURLToPath(new URL('../../data', import.meta.url)),
      // Test data the core, server and web tests share (the repository's test/ folder); tests only.
      '@test': fileURLToPath(new URL('../../test', import.meta.url)),
    },
    conditions: ['@lab/source', 'module', 'browser', 'development|production'],
  },
  // The web tests that run in the node environment (pure logic, `// @vitest-environment node`) load
  // modules the server-side way: they read @lab/core from source too. The app itself is never SSR-built.
  ssr: { resolve: { conditions: ['@lab/source'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the shell uses of TanStack Query (QueryClient, its provider, useQuery) and their
              // dependencies, in one chunk. Left to itself the splitter cuts them in two as soon as a
              // tool uses mutations without useQuery, and the shell pays for the seam.
              name: 'react-query',
              test: /@tanstack[\\/](react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|useQuery)|query-core[\\/]build[\\/]modern[\\/]queryClient)\.js$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/lab/api': 'http://localhost:8080', '/lab/hooks': 'http://localhost:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts', '../../test/fast-check.setup.ts'],
    testTimeout: 20_000,
    css: false,
  },
});
