import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths.js';

const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');

/**
 * The built server (`node apps/server/dist/main.js`) as a child process on its own database, listening
 * on a port the system picks (PORT=0: no "free a moment ago" port another process could take first);
 * resolves once it logs the address it listens on.
 */
export async function startServer(env: Record<string, string>) {
  if (!fs.existsSync(mainJs)) throw new Error('build the server first: npx tsc -b apps/server');
  let output = '';
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    const onOutput = (d: Buffer) => {
      output += d.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', onOutput);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening: ${output}`)),
    );
  });
  return { child, base, output: () => output };
}
