// A smoke run's server (support.ts startServer): the full app built in the lane's process and
// listening on loopback, as `dist/main.js` would serve it (same modules, same settings from the
// same environment, the built web app), on a fresh SQLite file unless env names a database.
// Carrier documents are imported in-process (the `lab import carrier-openapi` dataset) before it
// listens. Its memory is the lane's: a smoke run judges no budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, carrierOpenApiDataset, labModules, loadConfig, runImport } from '@lab/server/bench';
import type { RunningServer, StartOptions } from '../support.ts';

export async function startInLane(env: Record<string, string>, options: StartOptions): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dir, 'lab.sqlite')}`;
  const config = loadConfig(
    { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...env },
    {},
    labModules,
  );
  const app = await buildApp(config, { modules: labModules });
  try {
    if (options.carrierDocuments) {
      await runImport(app.db, [carrierOpenApiDataset], 'carrier-openapi', options.carrierDocuments);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app.close();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    pid: process.pid,
    stop: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
