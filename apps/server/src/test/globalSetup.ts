import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { referenceDir, repoRoot } from '../paths.js';
import { runLab } from './helpers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file with the carrier's 24 OpenAPI documents imported (copy it, never open it). */
    importedSqliteTemplate: string;
  }
}

/**
 * `tsc -b apps/server`, the way `npm start` builds: the suites that start the built server as a child
 * process (lifecycle, webhooks durability) run it from dist/. Built here, once, before any suite
 * runs, so no suite reads dist/ while another one writes it. Incremental: quick when fresh.
 */
function buildServer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tsc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    tsc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    tsc.on('error', reject);
    tsc.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tsc -b apps/server failed (exit ${code}):\n${output}`)),
    );
  });
}

/**
 * Vitest globalSetup of the server project, once per run and before any suite: builds the server
 * (buildServer) and, meanwhile, the database the simulator and gateway suites start from (every
 * migration, `lab import carrier-openapi` of the 24 reference documents), so each suite copies a
 * file instead of parsing 5 MB of documents again: buildTestApp(…, { imported: true }).
 */
export default async function globalSetup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-template-'));
  const teardown = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const [, template] = await Promise.all([buildServer(), importedSqliteTemplate(dir)]);
    project.provide('importedSqliteTemplate', template);
  } catch (err) {
    teardown();
    throw err;
  }
  return teardown;
}

/** A migrated SQLite file in `dir` with the carrier's OpenAPI documents imported, as one file. */
async function importedSqliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, 'imported.sqlite');
  const run = await runLab(['import', 'carrier-openapi', path.join(referenceDir, 'carrier-openapi')], {
    database: { dialect: 'sqlite', file },
  });
  if (run.code !== 0)
    throw new Error(`the template import failed (${run.code}): ${[...run.out, ...run.err].join('\n')}`);
  // Fold the write-ahead log back in, so a plain file copy is the whole database.
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  return file;
}
