import { loadConfig, openBindWarning, type AppConfig } from './config.js';
import { buildApp, servicesOf } from './app.js';
import { warmUp } from './warmUp.js';
import { labModules } from './modules/index.js';

/** Start the server and stop it cleanly on SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database. */
export async function serve(overrides: Partial<AppConfig> = {}): Promise<void> {
  const config = loadConfig(process.env, overrides, labModules);
  const app = await buildApp(config, { modules: labModules });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  const open = openBindWarning(config);
  if (open) app.log.warn({ host: config.host, auth: config.auth.mode }, open);
  await app.listen({ port: config.port, host: config.host });
  if (config.warmUpOnStart) void warmUp(servicesOf(app), app.log);
}

const isEntry = import.meta.url === new URL(`file://${process.argv[1] ?? ''}`).href;
if (isEntry) {
  serve().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
