#!/usr/bin/env node
// `npm run bench [name…]`: runs bench/<name>.ts (all of them by default) with tsx; each prints its numbers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const wanted = process.argv.slice(2);
const all = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && f !== 'support.ts' && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const names = wanted.length ? wanted : all;
let failed = false;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`no benchmark bench/${name}.ts (have: ${all.join(', ')})`);
    process.exit(2);
  }
  console.log(`\n━━ bench/${name}.ts ━━`);
  const r = spawnSync('npx', ['tsx', '--conditions=@lab/source', path.join(benchDir, `${name}.ts`)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
