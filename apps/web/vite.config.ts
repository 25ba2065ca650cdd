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
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['@lab/source', 'module', 'browser', 'development|production'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/lab/api': 'http://localhost:8080', '/lab/hooks': 'http://localhost:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    css: false,
  },
});
