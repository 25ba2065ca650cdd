#!/usr/bin/env node
// The `lab` command runs the compiled CLI; `npm install` builds it (root "prepare" script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('lab: the server is not built yet. Run `npm install` (or `npm run build`) at the repository root.');
  process.exit(1);
}
const { runCli } = await import(entry.href);
process.exitCode = await runCli(process.argv);
