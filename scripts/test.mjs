#!/usr/bin/env node
// `npm test`: every check the project has, in order, with one summary line at the end.
// Steps: lint → typecheck → unit (core, web) → server (SQLite; PostgreSQL too when
// TEST_DATABASE_URL is set) → build → end-to-end in Chromium → bench (every benchmark once with
// tiny sizes, no budgets: `npm run bench -- --smoke`). A failed step fails the run; later steps
// still run (except e2e and bench after a failed build: they need the built app) so one run shows
// every problem.
// Each Vitest step leaves its report and per-file durations in var/test-reports/ (kept after the run), and the
// summary lists the 10 slowest files of each step, so a slowdown is visible the run it starts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'var/test-reports');
fs.mkdirSync(reports, { recursive: true });
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
    `--reporter=${path.join(root, 'scripts/durations-reporter.mjs')}`,
  ],
  report: path.join(reports, `${name}.json`),
  durations: path.join(reports, `${name}.durations.json`),
});

/** The `count` slowest test files of a step, from its durations file, as lines for the summary. */
function slowestFiles(file, count = 10) {
  let files;
  try {
    files = JSON.parse(fs.readFileSync(file, 'utf8')).files;
  } catch {
    return [];
  }
  const s = (ms) => (ms / 1000).toFixed(1);
  return files
    .slice(0, count)
    .map(
      (f) =>
        `  ${s(f.totalMs).padStart(6)} s  ${f.file}  (${f.tests} tests: ${s(f.ms.tests)} s tests and hooks, ` +
        `${s(f.ms.collect)} s import, ${s(f.ms.setup + f.ms.prepare)} s setup, ${s(f.ms.environment)} s environment)`,
    );
}

/** Each failed test of a Vitest JSON report, with its file and the first lines of its first failure. */
function failedTests(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failing = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failing) {
      const first = (t.failureMessages?.[0] ?? '').split('\n').slice(0, 4).join('\n      ');
      out.push(`  ${rel} › ${t.fullName ?? t.title}\n      ${first}`);
    }
    // A file that failed to load (or whose hooks failed) has no failed test but a message of its own.
    if (!failing.length && file.status === 'failed' && file.message) {
      out.push(`  ${rel}\n      ${file.message.split('\n').slice(0, 4).join('\n      ')}`);
    }
  }
  return out.length > 12 ? [...out.slice(0, 12), `  … and ${out.length - 12} more (var/test-reports/)`] : out;
}

const steps = [
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  vitest('unit', ['--project', 'core', '--project', 'web']),
  vitest('server', ['--project', 'server']),
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  { ...vitest('e2e', ['--config', 'e2e/vitest.config.ts']), needs: 'build' },
  {
    name: 'bench',
    cmd: 'npm',
    args: ['run', '--silent', 'bench', '--', '--smoke'],
    needs: 'build',
    smokeReport: path.join(reports, 'bench.json'),
  },
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
  for (const f of [step.report, step.durations, step.smokeReport]) if (f) fs.rmSync(f, { force: true });
  const env = step.durations
    ? { ...process.env, LAB_DURATIONS_FILE: step.durations }
    : step.smokeReport
      ? { ...process.env, LAB_BENCH_REPORT: step.smokeReport }
      : process.env;
  const run = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  let ok = run.status === 0;
  let note = '';
  let failures = [];
  if (step.report) {
    try {
      const r = JSON.parse(fs.readFileSync(step.report, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      failures = failedTests(r);
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
  if (step.smokeReport) {
    // The smoke run's own report (bench/support/smoke.ts): how many ran, and why each failure failed.
    try {
      const r = JSON.parse(fs.readFileSync(step.smokeReport, 'utf8'));
      const bad = r.benchmarks.filter((b) => b.problem);
      note = `${r.benchmarks.length} benchmarks, ${bad.length} failed`;
      failures = bad.map((b) => `  bench/${b.name}.ts\n      ${b.problem}`);
    } catch {
      note = 'no report';
      ok = false;
    }
  }
  if (!ok && run.status === 0 && !note) note = 'failed';
  results.push({
    name: step.name,
    ok,
    seconds,
    note,
    failures,
    slowest: step.durations ? slowestFiles(step.durations) : [],
  });
}

const slow = results.filter((r) => r.slowest?.length);
if (slow.length) {
  console.log(`\n━━ slowest test files (all durations: ${path.relative(root, reports)}/) ━━`);
  for (const r of slow) console.log(`${r.name}\n${r.slowest.join('\n')}`);
}
const failing = results.filter((r) => r.failures?.length);
if (failing.length) {
  console.log('\n━━ failed tests ━━');
  for (const r of failing) console.log(`${r.name}\n${r.failures.join('\n')}`);
}
// The cluster test (apps/server/src/cluster.test.ts, in the server step) needs PostgreSQL and nginx.
const { nginxBinary } = await import('./cluster.mjs');
const clusterSkipped = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : !nginxBinary()
    ? 'nginx is not installed'
    : undefined;
console.log('\n━━ summary ━━');
console.log(
  clusterSkipped
    ? `cluster test SKIPPED: ${clusterSkipped} (nginx over two instances on PostgreSQL; .ci/run installs both)`
    : 'cluster test: ran in the server step (nginx over two instances on PostgreSQL)',
);
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.note}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
