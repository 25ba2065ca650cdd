#!/usr/bin/env node
// `npm run bench [--smoke] [name…]`: runs bench/<name>.ts (all of them by default) with tsx; each
// prints its numbers against its budgets, each in its own process.
// --smoke (a step of `npm test`): every benchmark with tiny sizes and no budget verdicts, all in
// one process (bench/support/smoke.ts); one that throws or never took its sizes from count()
// (bench/support.ts: so it has no smoke mode) fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
const tsx = (file, extra = []) =>
  spawnSync(process.execPath, ['--conditions=@lab/source', '--import', 'tsx', file, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: smoke ? { ...process.env, LAB_BENCH_SMOKE: '1' } : process.env,
  });

if (smoke) process.exit(tsx(path.join(benchDir, 'support/smoke.ts'), names).status ?? 1);
let failed = false;
for (const name of names) {
  console.log(`\n━━ bench/${name}.ts ━━`);
  if (tsx(path.join(benchDir, `${name}.ts`)).status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
