#!/usr/bin/env node
// `npm run dev`: the server with reload on :8080 and Vite's dev server on :5173 (proxying /lab/api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@lab/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@lab/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined));
