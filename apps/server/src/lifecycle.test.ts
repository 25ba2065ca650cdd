import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, databaseConfigFromUrl, loadConfig } from './config.js';
import { labModules } from './modules/index.js';
import { repoRoot } from './paths.js';

describe('config', () => {
  it('has working defaults: port 8080, SQLite at var/lab.sqlite', () => {
    const c = loadConfig({}, {}, []);
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.join(repoRoot, 'var', 'lab.sqlite') });
    expect(c.webDistDir).toBe(path.join(repoRoot, 'apps/web/dist'));
  });

  it('reads DATABASE_URL for SQLite files and PostgreSQL', () => {
    expect(databaseConfigFromUrl('sqlite:/tmp/x.sqlite')).toEqual({ dialect: 'sqlite', file: '/tmp/x.sqlite' });
    expect(databaseConfigFromUrl('sqlite:data/x.sqlite', '/srv')).toEqual({
      dialect: 'sqlite',
      file: '/srv/data/x.sqlite',
    });
    expect(databaseConfigFromUrl('postgres://u:p@h:5432/d')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@h:5432/d',
    });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }, {}, [])).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' }, {}, []);
    } catch (err) {
      expect((err as Error).message).toContain('PORT:');
      expect((err as Error).message).toContain(
        'DATABASE_URL: DATABASE_URL must be empty, sqlite:<path> or postgres://…',
      );
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests and stops accepting connections while closing', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const handlerReached = new Promise<void>((r) => (arrived = r));
    const config = loadConfig(
      { LOG_LEVEL: 'silent' },
      { database: { dialect: 'sqlite', file: ':memory:' }, webDistDir: '/nonexistent' },
      labModules,
    );
    const app = await buildApp(config, {
      modules: labModules,
      extraApiRoutes: async (api) => {
        api.get('/__slow', async () => {
          arrived();
          await new Promise<void>((r) => (release = r));
          return { done: true };
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/lab/api/__slow`);
    await handlerReached; // the request is in flight: its handler runs
    const closing = app.close();
    // Closing stops the listener once the preClose hooks have run, whatever the in-flight request does.
    while (app.server.listening) await new Promise((r) => setImmediate(r));
    const refused = await new Promise<string>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(refused).toBe('ECONNREFUSED'); // no longer accepting connections
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });

  /** Starts a built entry point, waits until it listens, sends SIGTERM, returns exit code and output. */
  async function startAndTerminate(args: string[], dir: string) {
    // npm install ("prepare") and the typecheck step build dist/ before the server suite runs.
    if (!fs.existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
      throw new Error('build the server first: npx tsc -b apps/server');
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${dir}/lab.sqlite`,
        WEB_DIST_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // Until it listens (or exits without listening: then there is nothing to terminate).
    const listening = new Promise<void>((resolve) => {
      const check = () => out.includes('Server listening') && resolve();
      child.stdout.on('data', check);
      child.stderr.on('data', check);
    });
    if ((await Promise.race([listening.then(() => 'listening'), exited.then(() => 'exited')])) === 'listening')
      child.kill('SIGTERM');
    const code = await exited;
    return { code, out };
  }

  it('the server process exits 0 on SIGTERM after logging the shutdown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-sig-'));
    const { code, out } = await startAndTerminate([path.join(repoRoot, 'apps/server/dist/main.js')], dir);
    expect(code).toBe(0);
    expect(out).toContain('"signal":"SIGTERM"');
    expect(fs.existsSync(path.join(dir, 'lab.sqlite'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`lab serve --port N` listens on that port', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-serve-'));
    // A port below the kernel's ephemeral range, so no port-0 listener of a parallel suite can hold it.
    const port = 20000 + Math.floor(Math.random() * 12000);
    const { code, out } = await startAndTerminate(
      [path.join(repoRoot, 'apps/server/bin/lab.js'), 'serve', '--port', String(port)],
      dir,
    );
    expect(out).toContain(`http://127.0.0.1:${port}`);
    expect(code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
