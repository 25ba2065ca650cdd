#!/usr/bin/env node
// `npm run bench [--smoke] [name…]`: runs bench/<name>.ts (all of them by default) with tsx; each
// prints its numbers against its budgets, each in its own process.
// --smoke (the `bench` step of `npm test`): every benchmark once with tiny sizes and no budget
// verdicts, on BENCH_SMOKE_LANES lanes at once (default 2; a lane is one process that runs
// benchmarks one after the other: bench/support/smoke.ts), each output line prefixed with its
// benchmark; one that throws, hangs or never took its sizes from count() (bench/support.ts: it
// has no smoke mode) fails the run. LAB_BENCH_REPORT names a JSON file for the result of each.
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const wanted = args.filter((a) => a !== '--smoke');
const all = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && f !== 'support.ts' && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`no benchmark bench/${name}.ts (have: ${all.join(', ')})`);
    process.exit(2);
  }
}
const names = wanted.length ? wanted : all;
// tsx as a loader of this node (the tsx command would start a second process each time).
const execArgv = ['--conditions=@lab/source', '--import', 'tsx'];

if (!smoke) {
  let failed = false;
  for (const name of names) {
    console.log(`\n━━ bench/${name}.ts ━━`);
    const run = spawnSync(process.execPath, [...execArgv, path.join(benchDir, `${name}.ts`)], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

const started = Date.now();
const queue = [...names];
const results = new Map();
const lanes = Math.max(1, Math.min(Number(process.env.BENCH_SMOKE_LANES ?? 2), names.length));

/** A lane: a smoke process taking the next benchmark from the queue until it is empty. */
function lane() {
  let current = '';
  const child = fork(path.join(benchDir, 'support/smoke.ts'), [], {
    cwd: root,
    execArgv,
    env: { ...process.env, LAB_BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      (stream === child.stdout ? process.stdout : process.stderr).write(
        `${(current || 'smoke').padEnd(15)}│ ${line}\n`,
      );
    });
  }
  const next = () => {
    const name = queue.shift();
    child.send(name ? { run: name } : { stop: true });
  };
  child.on('message', (message) => {
    if (message.started) current = message.started;
    if (message.ready) next();
    if (message.done) {
      results.set(message.done.name, message.done);
      next();
    }
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      // A lane that died mid-benchmark fails it; another lane takes the rest of the queue.
      if (current && !results.has(current)) {
        results.set(current, { name: current, seconds: 0, cpuSeconds: 0, problem: `its process exited (${code})` });
      }
      resolve(queue.length ? lane() : undefined);
    }),
  );
}

await Promise.all(Array.from({ length: lanes }, () => lane()));
const seconds = (Date.now() - started) / 1000;
const report = names.map((name) => results.get(name) ?? { name, seconds: 0, cpuSeconds: 0, problem: 'not run' });
console.log(`\n━━ smoke (${lanes} ${lanes === 1 ? 'lane' : 'lanes'}) ━━`);
for (const r of report) {
  const cpu = `(${r.cpuSeconds.toFixed(1)} s CPU in its lane)`;
  console.log(
    `${r.problem ? 'FAIL' : 'ok  '} ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)} s ${cpu.padEnd(26)} ${r.problem}`,
  );
}
const failed = report.filter((r) => r.problem).length;
console.log(`${names.length} benchmarks, ${failed} failed, ${seconds.toFixed(1)} s`);
if (process.env.LAB_BENCH_REPORT) {
  fs.writeFileSync(process.env.LAB_BENCH_REPORT, JSON.stringify({ seconds, benchmarks: report }, null, 2));
}
process.exit(failed ? 1 : 0);
