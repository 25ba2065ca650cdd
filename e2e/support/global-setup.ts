import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';
import { freePort } from './ports';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    chromiumPath: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in 30 s:\n${log()}`);
}

/** Starts the built server on a free port with a fresh SQLite database, once for the whole run. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(index)) {
    throw new Error('End-to-end tests run against the built app: run `npm run build` first.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-'));
  const databaseUrl = `sqlite:${path.join(dir, 'lab.sqlite')}`;
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseUrl}/lab/api/health`, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (process.env.E2E_SERVER_LOG) process.stdout.write(output);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
