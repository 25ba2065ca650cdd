// The smoke run (`npm run bench -- --smoke`, scripts/bench.mjs): the named benchmarks (all by
// default) one after the other in this one process — the server's modules load once, not once
// per benchmark — each with its tiny sizes. A benchmark fails when it throws, takes longer than
// BENCH_TIMEOUT_MS, or never took a size from count(); any failure fails the run (exit 1).
// Run: LAB_BENCH_SMOKE=1 node --conditions=@lab/source --import tsx bench/support/smoke.ts [name…]
import fs from 'node:fs';
import path from 'node:path';
import { sizesGiven, smoke } from '../support.ts';

const BENCH_TIMEOUT_MS = 120_000;

if (!smoke) throw new Error('the smoke runner runs with LAB_BENCH_SMOKE=1 (npm run bench -- --smoke)');
const names = process.argv.slice(2);
// A benchmark reads its own options from argv (e.g. hardening's parts): it gets none here.
process.argv.length = 2;

const results: { name: string; seconds: number; problem: string }[] = [];
for (const name of names) {
  console.log(`\n━━ bench/${name}.ts (smoke) ━━`);
  const before = sizesGiven();
  const started = performance.now();
  let problem = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      import(path.join(import.meta.dirname, '..', `${name}.ts`)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish in ${BENCH_TIMEOUT_MS / 1000} s`)), BENCH_TIMEOUT_MS);
      }),
    ]);
    if (sizesGiven() === before) problem = 'has no smoke mode: it took no size from count() (bench/support.ts)';
  } catch (err) {
    console.error(err);
    problem = `threw: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  } finally {
    clearTimeout(timer);
  }
  if (problem) console.error(`bench/${name}.ts ${problem}`);
  results.push({ name, seconds: (performance.now() - started) / 1000, problem });
  // A benchmark that timed out is still running in this process: nothing after it would be fair.
  if (problem.startsWith('threw: did not finish')) break;
}

console.log('\n━━ smoke ━━');
for (const r of results) {
  console.log(
    `${r.problem ? 'FAIL' : 'ok  '} ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.problem}`,
  );
}
const failed = results.filter((r) => r.problem).length + names.length - results.length;
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${names.length} benchmarks, ${failed} failed, ${total.toFixed(1)} s`);
// For `npm test`'s summary (scripts/test.mjs): each benchmark, and what failed.
if (process.env.LAB_BENCH_REPORT) {
  const benchmarks = names.map(
    (name) => results.find((r) => r.name === name) ?? { name, seconds: 0, problem: 'not run' },
  );
  fs.writeFileSync(process.env.LAB_BENCH_REPORT, JSON.stringify({ benchmarks }, null, 2));
}
process.exit(failed ? 1 : 0);
