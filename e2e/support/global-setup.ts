import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { referenceDir } from '../../test/reference-data';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { startServer } from './server';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The carrier's OpenAPI documents (24 files), imported once for the run: see {@link importCarrierOpenApi}. */
const CARRIER_OPENAPI_DIR = path.join(referenceDir, 'carrier-openapi');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The run's one Chromium, launched here: files connect to it (see browser.ts). */
    browserWsEndpoint: string;
    /** What `lab import carrier-openapi` printed when global setup imported the documents. */
    carrierOpenApiImport: string;
  }
}

/**
 * `lab import carrier-openapi <CARRIER_OPENAPI_DIR>` into the run's database: the playground's
 * schema check, the named samples, FAPI Doc, the payload generator and the simulator's request
 * validation all read them. Done once here instead of once per spec file (5.4 MB, a child process
 * each time); fapi-doc.e2e.ts tests the import itself by importing again.
 */
function importCarrierOpenApi(databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'apps/server/bin/lab.js'), 'import', 'carrier-openapi', CARRIER_OPENAPI_DIR],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`lab import carrier-openapi exited with ${code}:\n${stderr}`)),
    );
  });
}

/**
 * Once for the whole run: the built server on a fresh SQLite database (with the carrier's OpenAPI
 * documents imported) and one headless Chromium that every spec file connects to.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(index)) {
    throw new Error('End-to-end tests run against the built app: run `npm run build` first.');
  }
  const [browser, server] = await Promise.allSettled([
    chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS }),
    startServer(),
  ]);
  const teardown = async () => {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (server.status === 'fulfilled') {
      await server.value.stop();
      if (process.env.E2E_SERVER_LOG) process.stdout.write(server.value.output());
    }
  };
  try {
    if (browser.status === 'rejected') throw browser.reason;
    if (server.status === 'rejected') throw server.reason;
    project.provide('carrierOpenApiImport', await importCarrierOpenApi(server.value.databaseUrl));
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('baseUrl', server.value.url);
  project.provide('databaseUrl', server.value.databaseUrl);
  project.provide('browserWsEndpoint', browser.value.wsEndpoint());
  return teardown;
}
