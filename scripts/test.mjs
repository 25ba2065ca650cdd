#!/usr/bin/env node
// `npm test`: every check the project has, in order, with one summary line at the end.
// Steps: lint → typecheck → unit (core, web) → server (SQLite; PostgreSQL too when
// TEST_DATABASE_URL is set) → build → end-to-end in Chromium. A failed step fails the run; later
// steps still run (except e2e after a failed build) so one run shows every problem.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-reports-'));
const only = process.argv.slice(2);

const vitest = (name, args) => ({
  name,
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
  report: path.join(reports, `${name}.json`),
});

const steps = [
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  vitest('unit', ['--project', 'core', '--project', 'web']),
  vitest('server', ['--project', 'server']),
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  { ...vitest('e2e', ['--config', 'e2e/vitest.config.ts']), needs: 'build' },
];

const results = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (step.needs && results.find((r) => r.name === step.needs && !r.ok)) {
    results.push({ name: step.name, ok: false, seconds: 0, note: `not run: ${step.needs} failed` });
    continue;
  }
  console.log(`\n━━ ${step.name} ━━ ${[step.cmd, ...step.args].join(' ')}`);
  if (step.name === 'server') {
    console.log(
      process.env.TEST_DATABASE_URL
        ? 'server suite on SQLite and PostgreSQL (TEST_DATABASE_URL is set)'
        : 'server suite on SQLite (set TEST_DATABASE_URL to add PostgreSQL)',
    );
  }
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = (Date.now() - started) / 1000;
  let ok = run.status === 0;
  let note = '';
  if (step.report) {
    try {
      const r = JSON.parse(fs.readFileSync(step.report, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      note = `${r.numPassedTests} passed, ${r.numFailedTests} failed`;
      if (r.numTotalTests === 0) {
        ok = false;
        note = 'ran no test';
      }
    } catch {
      note = 'no report';
      ok = false;
    }
  }
  if (!ok && run.status === 0 && !note) note = 'failed';
  results.push({ name: step.name, ok, seconds, note });
}

console.log('\n━━ summary ━━');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.note}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
